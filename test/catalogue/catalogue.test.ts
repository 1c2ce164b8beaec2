// engines: both
/**
 * The catalogue in the database (docs/product/admin.md#catalogue): an owner reads and replaces it
 * (staff may not), every field validated (400, nothing saved), each save audited with before and
 * after; the public answer and every price the server charges follow it at once; a browser quoting
 * the old price gets 409 with today's amount and nothing is charged; a payment already in flight
 * keeps the price it was made at, and so does its invoice.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, type Catalogue } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { auditLog, payments, siteDocuments, students } from '@server/db/schema';
import { chargeRequestFor } from '@server/domain/payments/apply-payment';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { RECONCILE_JOB } from '@server/jobs/reconcile-payments';
import { OfflineSquareProvider } from '@server/square/offline-provider';
import { one } from '@server/db/rows';
import { insertPayment } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { popplerText } from '../helpers/pdf';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ RECONCILE_AFTER_S: '60' });
  owner = bearer(await t.adminToken('olga', 'owner'));
});
afterAll(() => t.close());
// Each test starts from the seed, a new database's catalogue.
beforeEach(async () => {
  await t.db.delete(siteDocuments).where(eq(siteDocuments.key, 'catalogue'));
});

const withPro = (pricePence: number): Catalogue => ({
  ...DEFAULT_CATALOGUE,
  courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...DEFAULT_CATALOGUE.courses.pro, price_pence: pricePence } },
});
const save = (payload: unknown, headers = owner) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/catalogue', headers, payload: payload as object });
const publicCatalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;

describe('the catalogue', () => {
  it("is the seed's until an owner saves one; GET and PUT carry the same document, and the public answer follows at once", async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/catalogue', headers: owner });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEFAULT_CATALOGUE);
    expect(await publicCatalogue()).toEqual(DEFAULT_CATALOGUE);

    const changed = withPro(25000);
    changed.courses.pro.modules = [...changed.courses.pro.modules, 'Pricing Your Reviews'];
    const saved = await save(changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/catalogue', headers: owner })).json()).toEqual(
      changed,
    );
    expect(await publicCatalogue()).toEqual(changed);

    const [entry] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.action).toBe('catalogue.updated');
    expect(entry?.details).toMatchObject({
      changes: [
        { field: 'courses.pro.price_pence', from: 21500, to: 25000 },
        { field: 'courses.pro.modules', from: DEFAULT_CATALOGUE.courses.pro.modules, to: changed.courses.pro.modules },
      ],
      before: DEFAULT_CATALOGUE,
      after: changed,
    });
  });

  it('refuses a bad document with its message and saves nothing; staff may not read or change it', async () => {
    const pro = DEFAULT_CATALOGUE.courses.pro;
    for (const [payload, detail] of [
      [withPro(0), messages.catalogue.priceInvalid],
      [withPro(99.5), messages.catalogue.priceInvalid],
      [{ ...DEFAULT_CATALOGUE, enrolment_fee_pence: -1 }, messages.catalogue.feeInvalid],
      [
        { ...DEFAULT_CATALOGUE, courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...pro, title: ' ' } } },
        messages.catalogue.titleInvalid,
      ],
      [
        { ...DEFAULT_CATALOGUE, courses: { ...DEFAULT_CATALOGUE.courses, pro: { ...pro, modules: [] } } },
        messages.catalogue.modulesInvalid,
      ],
      [{ ...DEFAULT_CATALOGUE, courses: { foundation: DEFAULT_CATALOGUE.courses.foundation } }, undefined],
    ] as const) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      if (detail) expect(res.json()).toEqual({ detail });
    }
    expect(await t.db.select().from(siteDocuments)).toEqual([]);

    const staff = bearer(await t.adminToken('sam', 'staff'));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/catalogue', headers: staff })).statusCode).toBe(403);
    expect((await save(withPro(100), staff)).statusCode).toBe(403);
    expect((await save(withPro(100), {})).statusCode).toBe(401);
    expect(await publicCatalogue()).toEqual(DEFAULT_CATALOGUE);
  });

  it("charges today's price: a browser quoting the old one gets 409 with today's amount and is charged nothing", async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'pro');
    expect((await save(withPro(25000))).statusCode).toBe(200);

    const old = await pay(t, student, 'combined', { amount: 224.99 });
    expect(old.statusCode, old.body).toBe(409);
    expect(old.json()).toEqual({ detail: messages.enrolment.amountMismatch('£259.99'), amount: 259.99 });
    expect(await t.db.select().from(payments).where(eq(payments.studentId, student.id))).toEqual([]);

    // The promo quote and the payment use the new price.
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/students/${student.id}/promo`,
      headers: bearer(student.token),
      payload: { code: null },
    });
    expect(quote.json()).toMatchObject({ fee_pence: 999, course_pence: 25000, total_pence: 25999 });
    const paid = await pay(t, student, 'combined', { amount: 259.99 });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    expect(row).toMatchObject({ amountPence: 25999, listFeePence: 999, listCoursePence: 25000, status: 'completed' });
    expect(one(await t.db.select().from(students).where(eq(students.id, student.id)))).toMatchObject({
      enrollmentPaid: true,
      coursePaid: true,
      totalPaidPence: 25999,
    });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('a payment in flight when the price changes keeps its price: it completes, pays the course, and its invoice shows what was charged', async () => {
    const student = await registerStudent(t, { first_name: 'Ines', last_name: 'Inflight' });
    await selectCourse(t, student, 'pro');
    // Claimed at £224.99 (the seed's price), charged, then the process died before recording it.
    const payment = await insertPayment(t.db, {
      studentId: student.id,
      paymentType: 'combined',
      course: 'pro',
      status: 'pending',
      columns: { createdAt: new Date(Date.now() - 10 * 60 * 1000), replaySourceId: 'cnon:card-nonce-ok' },
    });
    await new OfflineSquareProvider(t.db).charge(chargeRequestFor(payment, 'cnon:card-nonce-ok'));
    expect((await save(withPro(30000))).statusCode).toBe(200);

    await t.app.jobs.runNow(RECONCILE_JOB);
    expect(one(await t.db.select().from(payments).where(eq(payments.id, payment.id)))).toMatchObject({
      status: 'completed',
      amountPence: 22499,
      needsReview: false,
    });
    expect(one(await t.db.select().from(students).where(eq(students.id, student.id)))).toMatchObject({
      coursePaid: true,
      totalPaidPence: 22499,
    });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);

    const listed = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}/invoices`, headers: owner });
    const [invoice] = (listed.json() as { invoices: Array<{ url: string }> }).invoices;
    const pdf = await t.app.inject({ method: 'GET', url: invoice!.url, headers: owner });
    const text = (await popplerText(pdf.rawPayload)).replace(/\s+/g, ' ');
    // pdftotext places the amount column in no fixed order against the descriptions.
    for (const shown of ['Pro Course (online course)', '£215.00', 'Total', '£224.99']) expect(text).toContain(shown);
    expect(text).not.toContain('£300.00');
  });
});
