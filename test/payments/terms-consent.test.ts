// engines: both
/**
 * The terms of sale at checkout (docs/product/payments.md): a card payment needs `terms_accepted: true`
 * (the student agrees and asks for access at once, losing the 14-day right to cancel); the payment
 * records the terms version and when, and the admin list and the student's export show them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { messages } from '@shared/messages';
import { TERMS_VERSION } from '@shared/terms';
import { pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

const FEE = pricePounds('enrollment');
const START = new Date('2026-11-28T10:00:00.000Z');

describe('terms of sale at checkout (POST /api/square/create-payment terms_accepted)', () => {
  let t: TestApp;
  let now = START;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => now });
  });
  afterAll(() => t.close());

  const paymentRows = (id: string) => t.db.select().from(payments).where(eq(payments.studentId, id));
  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const payWith = (student: { id: string; token: string }, terms: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/square/create-payment',
      headers: bearer(student.token),
      payload: {
        source_id: 'cnon:card-nonce-ok',
        student_id: student.id,
        amount: FEE,
        currency: 'GBP',
        payment_type: 'enrollment',
        idempotency_key: randomUUID(),
        ...terms,
      },
    });

  it('refuses a payment without the terms accepted: 400 with a clear detail, nothing charged, nothing written', async () => {
    const student = await registerStudent(t);
    const charge = vi.spyOn(t.app.paymentProvider, 'charge');
    try {
      for (const terms of [{}, { terms_accepted: false }, { terms_accepted: 'true' }, { terms_accepted: null }]) {
        const res = await payWith(student, terms);
        expect(res.statusCode, JSON.stringify(terms)).toBe(400);
        expect(res.json()).toEqual({ detail: messages.enrolment.termsRequired });
      }
      expect(charge).not.toHaveBeenCalled();
    } finally {
      charge.mockRestore();
    }
    expect(await paymentRows(student.id)).toEqual([]);
    expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });
  });

  it('records the terms version and the time they were accepted, from the app clock', async () => {
    now = new Date('2026-11-28T10:15:30.000Z');
    const student = await registerStudent(t);
    const res = await payWith(student, { terms_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(one(await paymentRows(student.id))).toMatchObject({
      status: 'completed',
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: new Date('2026-11-28T10:15:30.000Z'),
    });
  });

  it('shows the terms on the admin payments list (null for a manual payment) and in the student export', async () => {
    now = new Date('2026-11-29T08:00:00.000Z');
    const admin = await t.adminToken();
    const card = await registerStudent(t, { first_name: 'Terms', last_name: 'Card' });
    await selectCourse(t, card, 'pro');
    expect((await pay(t, card, 'combined', { amount: pricePounds('combined', 'pro') })).statusCode).toBe(200);
    const manual = await registerStudent(t, { first_name: 'Terms', last_name: 'Manual' });
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${manual.id}/mark-paid`,
      headers: bearer(admin),
      payload: { payment_type: 'enrollment' },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?page_size=200&search=terms',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const items = list.json().payments as Array<Record<string, unknown>>;
    expect(items.find((p) => p.student_id === card.id)).toMatchObject({
      method: 'card',
      terms_version: TERMS_VERSION,
      terms_accepted_at: '2026-11-29T08:00:00.000Z',
    });
    expect(items.find((p) => p.student_id === manual.id)).toMatchObject({
      method: 'manual',
      terms_version: null,
      terms_accepted_at: null,
    });

    const cardExport = await t.app.inject({
      method: 'GET',
      url: `/api/student/${card.id}/export`,
      headers: bearer(card.token),
    });
    expect(cardExport.statusCode, cardExport.body).toBe(200);
    expect(cardExport.json().payments).toEqual([
      expect.objectContaining({ terms_version: TERMS_VERSION, terms_accepted_at: '2026-11-29T08:00:00.000Z' }),
    ]);
    const manualExport = await t.app.inject({
      method: 'GET',
      url: `/api/student/${manual.id}/export`,
      headers: bearer(manual.token),
    });
    expect(manualExport.json().payments).toEqual([
      expect.objectContaining({ method: 'manual', terms_version: null, terms_accepted_at: null }),
    ]);
  });
});
