// engines: both
/**
 * Promo codes (docs/product/payments.md): owners create and stop them, staff see them, a student
 * applies one and pays the discounted amount, a declined card gives the use back, and in a race for the
 * last uses exactly the maximum are charged (side by side on PostgreSQL, one after the other on PGlite).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { offlineProviderLedger, payments, promoCodes } from '@server/db/schema';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { pricePence } from '../factories/payments';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

let t: TestApp;
let nowMs = Date.now();
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(nowMs) });
});
afterAll(() => t.close());

let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(n += 1)}`;
const asOwner = async () => bearer(await t.adminToken('olga', 'owner'));
const asStaff = async () => bearer(await t.adminToken('stan', 'staff'));
const createCode = async (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: headers ?? (await asOwner()), payload: body });
const listCodes = async (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers });
const apply = (student: { id: string; token: string }, code: string | null, paymentType?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/students/${student.id}/promo`,
    headers: bearer(student.token),
    payload: { code, ...(paymentType ? { payment_type: paymentType } : {}) },
  });
const redemptions = async (code: string) =>
  (await t.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.redemptions;
const withCourse = async (course: 'foundation' | 'pro' = 'pro') => {
  const student = await registerStudent(t);
  expect((await selectCourse(t, student, course)).statusCode).toBe(200);
  return student;
};

describe('promo codes in the admin area', () => {
  it('an owner creates one (typed in any case, kept in capitals), staff list it but may not create or stop it', async () => {
    const code = uniqueCode('SPRING');
    const created = await createCode({ code: code.toLowerCase(), percent_off: 20, applies_to: 'course' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code, percent_off: 20, applies_to: 'course', redemptions: 0, active: true });

    const staff = await asStaff();
    const listed = await listCodes(staff);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { promo_codes: Array<{ code: string }> }).promo_codes.map((p) => p.code)).toContain(code);
    expect((await createCode({ code: uniqueCode('STAFF'), percent_off: 5, applies_to: 'fee' }, staff)).statusCode).toBe(
      403,
    );
    const stop = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${code}`,
      headers: staff,
      payload: { active: false },
    });
    expect(stop.statusCode).toBe(403);

    expect((await createCode({ code, amount_off_pence: 500, applies_to: 'fee' })).json()).toEqual({
      detail: messages.promo.exists,
    });
  });

  it('refuses bad input with a message and saves nothing', async () => {
    const before = (await t.db.select().from(promoCodes)).length;
    for (const [body, detail] of [
      [{ code: 'x', percent_off: 10, applies_to: 'fee' }, messages.promo.codeInvalid],
      [
        { code: uniqueCode('BOTH'), percent_off: 10, amount_off_pence: 100, applies_to: 'fee' },
        messages.promo.discountInvalid,
      ],
      [{ code: uniqueCode('NONE'), applies_to: 'fee' }, messages.promo.discountInvalid],
      [{ code: uniqueCode('BIG'), percent_off: 101, applies_to: 'fee' }, messages.promo.discountInvalid],
      [{ code: uniqueCode('WHAT'), percent_off: 10, applies_to: 'everything' }, messages.promo.appliesToInvalid],
      [
        { code: uniqueCode('USES'), percent_off: 10, applies_to: 'fee', max_redemptions: 0 },
        messages.promo.maxRedemptionsInvalid,
      ],
      [
        {
          code: uniqueCode('PAST'),
          percent_off: 10,
          applies_to: 'fee',
          expires_at: new Date(nowMs - 1000).toISOString(),
        },
        messages.promo.expiryInvalid,
      ],
    ] as const) {
      const res = await createCode(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ detail: detail });
    }
    expect((await t.db.select().from(promoCodes)).length).toBe(before);
  });

  it('stopping and offering again are audited', async () => {
    const code = uniqueCode('AUDIT');
    await createCode({ code, percent_off: 10, applies_to: 'both' });
    const headers = await asOwner();
    const stop = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${code}`,
      headers,
      payload: { active: false },
    });
    expect(stop.json()).toMatchObject({ code, active: false });
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?page_size=5', headers });
    const actions = (log.json() as { entries: Array<{ action: string }> }).entries.map((e) => e.action);
    expect(actions).toContain('promo_code.stopped');
    expect(actions).toContain('promo_code.created');
  });
});

describe('a student applying a code and paying', () => {
  it('a percentage off the course of a Complete Package: the quote, then the charge and the record', async () => {
    const code = uniqueCode('PRO');
    await createCode({ code, percent_off: 20, applies_to: 'course' });
    const student = await withCourse('pro');
    const fee = pricePence('enrollment');
    const course = pricePence('course', 'pro');
    const quoted = await apply(student, code.toLowerCase());
    expect(quoted.statusCode, quoted.body).toBe(200);
    const discount = Math.round(course * 0.2);
    expect(quoted.json()).toEqual({
      code,
      fee_pence: fee,
      course_pence: course,
      discount_pence: discount,
      total_pence: fee + course - discount,
    });

    // The full price is no longer what this student is charged.
    const full = await pay(t, student, 'combined', { amount: (fee + course) / 100 });
    expect(full.statusCode).toBe(409);
    const paid = await pay(t, student, 'combined', { amount: (fee + course - discount) / 100 });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    expect(row).toMatchObject({
      status: 'completed',
      amountPence: fee + course - discount,
      promoCode: code,
      discountPence: discount,
    });
    expect(await redemptions(code)).toBe(1);
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?search=${student.email}`,
      headers: await asOwner(),
    });
    expect((listed.json() as { payments: Array<Record<string, unknown>> }).payments[0]).toMatchObject({
      promo_code: code,
      discount_pence: discount,
      amount: (fee + course - discount) / 100,
    });
  });

  it('a fixed amount off the fee alone, and a code that takes nothing off what is paid for', async () => {
    const feeCode = uniqueCode('FEE');
    await createCode({ code: feeCode, amount_off_pence: 300, applies_to: 'fee' });
    const student = await registerStudent(t);
    const quoted = await apply(student, feeCode);
    expect(quoted.json()).toMatchObject({ discount_pence: 300, total_pence: pricePence('enrollment') - 300 });

    const courseCode = uniqueCode('COURSE');
    await createCode({ code: courseCode, percent_off: 50, applies_to: 'course' });
    const refused = await apply(student, courseCode, 'enrollment');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: messages.promo.notApplicable });
  });

  it('refuses an unknown, stopped, expired or used-up code, and one that would leave less than £1', async () => {
    const student = await withCourse('foundation');
    expect((await apply(student, 'NO-SUCH-CODE')).json()).toEqual({ detail: messages.promo.unknown });

    const stopped = uniqueCode('STOP');
    await createCode({ code: stopped, percent_off: 10, applies_to: 'both' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${stopped}`,
      headers: await asOwner(),
      payload: { active: false },
    });
    expect((await apply(student, stopped)).json()).toEqual({ detail: messages.promo.stopped });

    const expiring = uniqueCode('SOON');
    await createCode({
      code: expiring,
      percent_off: 10,
      applies_to: 'both',
      expires_at: new Date(nowMs + 60_000).toISOString(),
    });
    expect((await apply(student, expiring)).statusCode).toBe(200);
    nowMs += 120_000;
    expect((await apply(student, expiring)).json()).toEqual({ detail: messages.promo.expired });

    const whole = uniqueCode('FREE');
    await createCode({ code: whole, percent_off: 100, applies_to: 'both' });
    expect((await apply(student, whole)).json()).toEqual({ detail: messages.promo.tooLarge });

    // The code applied earlier went since: the payment is refused with nothing charged.
    const once = uniqueCode('ONCE');
    await createCode({ code: once, percent_off: 10, applies_to: 'both', max_redemptions: 1 });
    expect((await apply(student, once)).statusCode).toBe(200);
    const other = await withCourse('foundation');
    expect((await apply(other, once)).statusCode).toBe(200);
    const total = pricePence('combined', 'foundation');
    const discounted = (total - Math.round(total * 0.1)) / 100;
    expect((await pay(t, other, 'combined', { amount: discounted })).statusCode).toBe(200);
    const late = await pay(t, student, 'combined', { amount: discounted });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: messages.promo.goneAtPayment });
    expect(await t.db.select().from(payments).where(eq(payments.studentId, student.id))).toEqual([]);
    expect((await apply(student, once)).json()).toEqual({ detail: messages.promo.usedUp });
    expect((await apply(student, null)).json()).toMatchObject({ code: null, discount_pence: 0, total_pence: total });
  });

  it('a declined card gives the use back', async () => {
    const code = uniqueCode('DECLINE');
    await createCode({ code, amount_off_pence: 1000, applies_to: 'course', max_redemptions: 1 });
    const student = await withCourse('pro');
    await apply(student, code);
    const amount = (pricePence('combined', 'pro') - 1000) / 100;
    const declined = await pay(t, student, 'combined', { amount, sourceId: 'cnon:card-nonce-declined' });
    expect(declined.statusCode).toBe(400);
    expect(await redemptions(code)).toBe(0);
    const paid = await pay(t, student, 'combined', { amount });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await redemptions(code)).toBe(1);
  });

  it('in a race for the last 3 uses, exactly 3 students are charged the discounted price and the others nothing', async () => {
    const code = uniqueCode('RACE');
    await createCode({ code, percent_off: 25, applies_to: 'both', max_redemptions: 3 });
    const racers = await Promise.all(Array.from({ length: 10 }, () => withCourse('foundation')));
    for (const racer of racers) expect((await apply(racer, code)).statusCode).toBe(200);
    const total = pricePence('combined', 'foundation');
    const amount = (total - Math.round(total * 0.25)) / 100;
    const results = await Promise.all(racers.map((racer) => pay(t, racer, 'combined', { amount })));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await redemptions(code)).toBe(3);
    const ids = racers.map((racer) => racer.id);
    const rows = (await t.db.select().from(payments)).filter((p) => p.studentId && ids.includes(p.studentId));
    expect(rows.map((p) => [p.status, p.amountPence, p.promoCode])).toEqual(
      Array.from({ length: 3 }, () => ['completed', amount * 100, code]),
    );
    // Only the three were charged at the provider.
    const keys = new Set(rows.map((p) => p.idempotencyKey));
    const charged = (await t.db.select().from(offlineProviderLedger)).filter((c) => keys.has(c.idempotencyKey));
    expect(charged).toHaveLength(3);
    expect(await findLedgerViolations(t.db, { studentIds: ids })).toEqual([]);
  });
});
