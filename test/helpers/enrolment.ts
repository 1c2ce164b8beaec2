/** Enrolment data for API tests: registration, course choice and card payments through the real routes. */
import { randomUUID } from 'node:crypto';
import { nextIntake } from '@shared/schedule';
import { type CourseType, type PaymentType } from '@shared/catalogue';
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
