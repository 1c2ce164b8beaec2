// engines: both
/**
 * Requests racing each other on one student must never change a price or charge twice.
 * Each race runs TRIES times with the requests in flight together (Promise.all over app.inject); on
 * PostgreSQL (TEST_DATABASE_URL) they really interleave on separate connections. After every race
 * the ledger invariants (src/server/domain/payments/ledger-invariants.ts) must hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@server/db/schema';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { messages } from '@shared/messages';
import { pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

const TRIES = 30;

describe('payment races', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await t.adminToken();
  });
  afterAll(() => t.close());

  const markPaid = (studentId: string, paymentType: 'enrollment' | 'course' | 'both') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${studentId}/mark-paid`,
      headers: bearer(adminToken),
      payload: { payment_type: paymentType },
    });

  it(
    `defect 1: a Foundation payment racing a change to Pro never buys Pro at the Foundation price (${TRIES} tries)`,
    { timeout: 180_000 },
    async () => {
      const ids: string[] = [];
      let paidAndChanged = 0;
      for (let i = 0; i < TRIES; i += 1) {
        const student = await registerStudent(t);
        ids.push(student.id);
        expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(200);
        const [payment, change] = await Promise.all([
          pay(t, student, 'combined', { amount: pricePounds('combined', 'foundation') }),
          selectCourse(t, student, 'pro'),
        ]);
        // Either order is fine, but not both: a paid Foundation place cannot become Pro.
        if (payment.statusCode === 200 && change.statusCode === 200) paidAndChanged += 1;
        if (change.statusCode === 409) {
          expect(change.json().detail).toMatch(
            new RegExp(
              `^(${escape(messages.enrolment.courseChangeWhilePaying)}|${escape(messages.enrolment.courseAlreadyPaid)})$`,
            ),
          );
        }
        // Refused: the course changed first, so the amount is not the price of what it would buy (409).
        if (payment.statusCode !== 200) expect(payment.statusCode).toBe(409);
      }
      const violations = await findLedgerViolations(t.db, { studentIds: ids });
      expect({ paidAndChanged, violations: violations.length }).toEqual({ paidAndChanged: 0, violations: 0 });
    },
  );

  it(
    `defect 2: Mark Paid racing a card payment for the enrolment fee records it once (${TRIES} tries)`,
    { timeout: 180_000 },
    async () => {
      const ids: string[] = [];
      let both = 0;
      let recordedTwice = 0;
      for (let i = 0; i < TRIES; i += 1) {
        const student = await registerStudent(t);
        ids.push(student.id);
        const [card, manual] = await Promise.all([
          pay(t, student, 'enrollment', { amount: pricePounds('enrollment') }),
          markPaid(student.id, 'enrollment'),
        ]);
        if (card.statusCode === 200 && manual.statusCode === 200) both += 1;
        expect([card.statusCode, manual.statusCode]).toContain(200);
        for (const res of [card, manual]) if (res.statusCode !== 200) expect(res.statusCode).toBe(409);
        if (manual.statusCode === 409)
          expect(manual.json().detail).toMatch(
            new RegExp(
              `^(${escape(messages.admin.markPaidWhilePaying)}|${escape(messages.enrolment.enrolmentAlreadyPaid)})$`,
            ),
          );
        const completed = (await t.db.select().from(payments).where(eq(payments.studentId, student.id))).filter(
          (p) => p.status === 'completed',
        );
        if (completed.length !== 1) recordedTwice += 1;
      }
      const violations = await findLedgerViolations(t.db, { studentIds: ids });
      expect({ both, recordedTwice, violations: violations.length }).toEqual({
        both: 0,
        recordedTwice: 0,
        violations: 0,
      });
    },
  );

  it(
    `defect 2: Mark Paid (Full) racing a Complete Package card payment records one of them (${TRIES} tries)`,
    { timeout: 180_000 },
    async () => {
      const ids: string[] = [];
      let both = 0;
      for (let i = 0; i < TRIES; i += 1) {
        const student = await registerStudent(t);
        ids.push(student.id);
        await selectCourse(t, student, 'pro');
        const [card, manual] = await Promise.all([
          pay(t, student, 'combined', { amount: pricePounds('combined', 'pro') }),
          markPaid(student.id, 'both'),
        ]);
        if (card.statusCode === 200 && manual.statusCode === 200) both += 1;
      }
      const violations = await findLedgerViolations(t.db, { studentIds: ids });
      expect({ both, violations: violations.length }).toEqual({ both: 0, violations: 0 });
    },
  );

  it('defect 4: amounts with more than two decimals are refused with 400 and charge nothing', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'foundation');
    const price = pricePounds('combined', 'foundation');
    const cases = [price + 0.004, price - 0.00001, price + 0.0001, 9.991, 0.001];
    const results = await Promise.all(cases.map((amount) => pay(t, student, 'combined', { amount })));
    for (const [i, res] of results.entries()) {
      expect(res.statusCode, String(cases[i])).toBe(400);
      expect(res.json()).toEqual({ detail: messages.enrolment.amountTooPrecise });
    }
    expect(await t.db.select().from(payments).where(eq(payments.studentId, student.id))).toEqual([]);
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
    // Two decimals that floating point cannot represent exactly are still fine.
    expect((await pay(t, student, 'combined', { amount: price })).statusCode).toBe(200);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
