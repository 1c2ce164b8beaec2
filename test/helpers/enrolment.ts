/** Enrolment data for API tests: registration, course choice and card payments through the real routes. */
import { randomUUID } from 'node:crypto';
import { nextIntake } from '@shared/schedule';
import { type CourseType, type PaymentType } from '@shared/catalogue';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { bearer, type TestApp } from './app';

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada-${randomUUID().slice(0, 8)}@example.com`,
  phone: '07400 123456',
  referral_code: '',
  ...overrides,
});

export async function registerStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = validRegistration(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/students', payload });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const { id, token } = res.json() as { id: string; token: string };
  return { id, token, email: payload.email as string };
}

export const firstIntake = () => nextIntake().start_date;

export function selectCourse(
  t: TestApp,
  student: { id: string; token: string },
  courseType: CourseType,
  startDate = firstIntake(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/students/${student.id}/course-selection`,
    headers: bearer(student.token),
    payload: { student_id: student.id, course_type: courseType, course_start_date: startDate },
  });
}

export function pay(
  t: TestApp,
  student: { id: string; token: string },
  paymentType: PaymentType,
  /** `amount` in pounds, as the browser sends it: pricePounds(…) (test/factories) for the catalogue price. */
  options: { amount: number; sourceId?: string; key?: string; token?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/square/create-payment',
    headers: bearer(options.token ?? student.token),
    payload: {
      source_id: options.sourceId ?? 'cnon:card-nonce-ok',
      student_id: student.id,
      amount: options.amount,
      currency: 'GBP',
      payment_type: paymentType,
      description: 'test payment',
      idempotency_key: options.key ?? randomUUID(),
      terms_accepted: true,
    },
  });
}

/** GET /api/course-dates, as the wizard asks it (with a student's token, their own hold counts as theirs): the schedule. */
export async function courseDates(t: TestApp, token?: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/course-dates', headers: token ? bearer(token) : {} });
  return (res.json() as CourseDatesResponse).schedule;
}

/**
 * The public course dates are kept in memory until the database's notification of a write reaches the
 * app (decision 050), milliseconds after the commit: `expect.poll(…, NOTIFIED)` waits for it.
 */
export const NOTIFIED = { timeout: 2000, interval: 20 };
