// engines: both
/**
 * Deleting a student while their card payment is in flight (docs/product/admin.md): the delete is
 * refused with 409 while a payment is pending, decided under the student's row lock that the
 * payment's claim also takes, so the two cannot interleave. Either the delete wins and the payment
 * is refused before the card is charged, or the delete answers 409. On PostgreSQL the requests
 * really run side by side on separate connections. Payments of deleted students stay, with their
 * amounts, dates and provider references, and the ledger check and the admin stats still work.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineProviderLedger, payments, students } from '@server/db/schema';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { messages } from '@shared/messages';
import { insertPayment, pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

const TRIES = 30;

describe('deleting a student during a card payment', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await t.adminToken();
  });
  afterAll(() => t.close());

  const deleteStudent = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/students/${id}`, headers: bearer(adminToken) });

  it('answers 409 while a card payment of the student is pending, and 204 once it has settled', async () => {
    const student = await registerStudent(t);
    const pending = await insertPayment(t.db, { studentId: student.id, paymentType: 'enrollment', status: 'pending' });
    const refused = await deleteStudent(student.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.admin.deleteWhilePaying });
    expect(await t.db.select().from(students).where(eq(students.id, student.id))).toHaveLength(1);

    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, pending.id));
    expect((await deleteStudent(student.id)).statusCode).toBe(204);
  });

  it(`a payment and a delete at once: never a charged card without the payment recorded (${TRIES} tries)`, async () => {
    const outcomes = new Map<string, number>();
    const wrong: string[] = [];
    for (let i = 0; i < TRIES; i += 1) {
      const student = await registerStudent(t);
      expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(200);
      const key = randomUUID();
      const [payment, deletion] = await Promise.all([
        pay(t, student, 'combined', { amount: pricePounds('combined', 'foundation'), key }),
        deleteStudent(student.id),
      ]);
      const [charge] = await t.db
        .select()
        .from(offlineProviderLedger)
        .where(eq(offlineProviderLedger.idempotencyKey, key));
      const [row] = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
      const outcome = `payment ${payment.statusCode}, delete ${deletion.statusCode}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);

      if (deletion.statusCode === 409) {
        expect(deletion.json()).toEqual({ detail: messages.admin.deleteWhilePaying });
        // The payment went through on a student who is still there.
        expect(payment.statusCode, outcome).toBe(200);
        expect(row?.studentId).toBe(student.id);
      } else if (deletion.statusCode === 204 && payment.statusCode === 404) {
        // The delete came first: the payment was refused before the provider was asked.
        if (charge || row) wrong.push(`${outcome}: charged ${charge?.outcome ?? 'no'}, row ${row?.status ?? 'none'}`);
      } else if (deletion.statusCode === 204 && payment.statusCode === 200) {
        // The payment had finished before the delete began: it stays for the accounts.
        expect(row).toMatchObject({
          studentId: null,
          status: 'completed',
          amountPence: pricePence('combined', 'foundation'),
          providerReference: charge?.providerReference,
          completedAt: expect.any(Date),
          createdAt: expect.any(Date),
        });
      } else {
        wrong.push(`${outcome}: ${payment.body} ${deletion.body}`);
      }
    }
    expect(wrong, JSON.stringify(Object.fromEntries(outcomes))).toEqual([]);
    expect(await findLedgerViolations(t.db)).toEqual([]);
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(adminToken) });
    expect(stats.statusCode).toBe(200);
  });
});
