// engines: both
/**
 * Invoices and credit notes (docs/product/payments.md#invoices): every completed payment gets a
 * gapless number of its year, the PDF shows the seller from Settings, the buyer, the items, the
 * discount and the total (VAT as included once a VAT number is set), the receipt carries it, a refund
 * issues a credit note, and 50 payments at once take 50 consecutive numbers (interleaved on PostgreSQL).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumber } from '@shared/invoices';
import { messages } from '@shared/messages';
import { emailOutbox, invoices, payments } from '@server/db/schema';
import { emailAttachments } from '@server/domain/email/email-attachments';
import { pricePence, pricePounds } from '../factories/payments';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { popplerText } from '../helpers/pdf';

let t: TestApp;
let nowMs = Date.parse('2026-11-28T12:00:00Z');
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(nowMs) });
  owner = bearer(await t.adminToken('olga', 'owner'));
});
afterAll(() => t.close());

const saveSettings = (payload: Record<string, string | null>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: owner, payload });
const listInvoices = (student: { id: string }, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/student/${student.id}/invoices`, headers });
type Listed = {
  invoices: Array<{ number: string; kind: string; issued_at: string; total_pence: number; url: string }>;
};
const pdfText = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  // Normalised: pdftotext lays the columns out with runs of spaces.
  return (await popplerText(res.rawPayload)).replace(/\s+/g, ' ');
};
const series = async (kind: 'invoice' | 'credit_note', year: number) =>
  (
    await t.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(and(eq(invoices.kind, kind), eq(invoices.year, year)))
      .orderBy(asc(invoices.sequence))
  ).map((row) => row.sequence);
const promo = async (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: owner,
    payload: { code, amount_off_pence: 2000, applies_to: 'course' },
  });

describe('invoices', () => {
  it('settings refuse a malformed company or VAT number and save nothing', async () => {
    for (const [payload, detail] of [
      [{ company_number: '123' }, messages.admin.settingCompanyNumber],
      [{ vat_number: 'FR12345678901' }, messages.admin.settingVatNumber],
      [{ vat_rate_percent: '120' }, messages.admin.settingVatRate],
    ] as const) {
      const res = await saveSettings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail });
    }
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: owner })).json() as {
      settings: Record<string, { saved: boolean }>;
    };
    expect(settings.settings.company_number?.saved).toBe(false);
  });

  it('a Complete Package paid with a promo code: a numbered invoice with the seller, the buyer, the discount and the total, attached to the receipt', async () => {
    const saved = await saveSettings({
      seller_name: 'Book Review Academy Ltd',
      seller_address: '1 High Street, Bath, BA1 1AA',
      company_number: '01234567',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await promo('INVOICE20');
    const student = await registerStudent(t, { first_name: 'Grace', last_name: 'Hopper' });
    await selectCourse(t, student, 'pro');
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/students/${student.id}/promo`,
      headers: bearer(student.token),
      payload: { code: 'INVOICE20' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const total = pricePence('combined', 'pro') - 2000;
    expect((await pay(t, student, 'combined', { amount: total / 100 })).statusCode).toBe(200);

    const listed = await listInvoices(student, bearer(student.token));
    expect(listed.statusCode).toBe(200);
    const [invoice] = (listed.json() as Listed).invoices;
    expect(invoice).toMatchObject({ kind: 'invoice', total_pence: total });
    expect(invoice?.number).toMatch(/^INV-2026-\d{5}$/);

    const text = await pdfText(invoice!.url, bearer(student.token));
    for (const shown of [
      'INVOICE',
      invoice!.number,
      'Book Review Academy Ltd',
      '1 High Street, Bath, BA1 1AA',
      'Company number 01234567',
      'Grace Hopper',
      student.email,
      'Enrollment fee',
      '£9.99',
      'Pro Course (online course) £215.00',
      'Discount (promo code INVOICE20) −£20.00',
      `Total £${(total / 100).toFixed(2)}`,
      'No VAT is charged',
      '28 November 2026',
    ])
      expect(text).toContain(shown);

    // The receipt names the invoice and carries it as a PDF.
    const [receipt] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.studentId, student.id), eq(emailOutbox.template, 'payment-receipt')));
    expect(receipt?.data).toMatchObject({ invoiceNumber: invoice!.number });
    const attachments = await emailAttachments(t.db, t.app.config, receipt!);
    expect(attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`${invoice!.number}.pdf`, 'application/pdf'],
    ]);
    expect((await popplerText(attachments![0]!.content)).replace(/\s+/g, ' ')).toContain('Grace Hopper');

    // The Payments tab names it, and an admin downloads the same PDF.
    const tab = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?search=${student.email}`,
      headers: owner,
    });
    const [item] = (tab.json() as { payments: Array<{ invoice_number: string; invoice_url: string }> }).payments;
    expect(item).toMatchObject({ invoice_number: invoice!.number, invoice_url: invoice!.url });
    expect(await pdfText(item!.invoice_url, owner)).toContain(invoice!.number);
  });

  it('once VAT-registered, the invoice shows the VAT number, the rate and the VAT included; a settings change never rewrites an issued one', async () => {
    const before = await registerStudent(t);
    await pay(t, before, 'enrollment', { amount: pricePounds('enrollment') });
    await saveSettings({ vat_number: 'GB 123 4567 89', vat_rate_percent: '20' });
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });

    const [vatInvoice] = ((await listInvoices(student, owner)).json() as Listed).invoices;
    const text = await pdfText(vatInvoice!.url, owner);
    expect(text).toContain('VAT registration number GB123456789');
    // £9.99 at 20 % included: 999 × 20 / 120 = 166.5 → £1.67 of VAT, £8.32 without.
    expect(text).toContain('VAT at 20% (included in the total) £1.67');
    expect(text).toContain('Total excluding VAT £8.32');

    const [earlier] = ((await listInvoices(before, owner)).json() as Listed).invoices;
    const earlierText = await pdfText(earlier!.url, owner);
    expect(earlierText).toContain('No VAT is charged');
    expect(earlierText).not.toContain('GB123456789');
    await saveSettings({ vat_number: null });
  });

  it('a refund issues a credit note against the invoice, listed and attached to the refund receipt', async () => {
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });
    const [payment] = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment!.id}/refund`,
      headers: owner,
      payload: { reason: 'Changed their mind within 14 days' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const listed = ((await listInvoices(student, bearer(student.token))).json() as Listed).invoices;
    expect(listed.map((i) => [i.kind, i.total_pence])).toEqual([
      ['invoice', pricePence('enrollment')],
      ['credit_note', pricePence('enrollment')],
    ]);
    expect(listed[1]?.number).toMatch(/^CN-2026-\d{5}$/);
    const text = await pdfText(listed[1]!.url, bearer(student.token));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credits invoice ${listed[0]!.number}`);
    expect(text).toContain('Reason: Changed their mind within 14 days');
    expect(text).toContain('Total credited £9.99');
    const receipts = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.studentId, student.id), eq(emailOutbox.template, 'payment-receipt')));
    expect(receipts.map((r) => (r.data as { invoiceNumber?: string }).invoiceNumber).sort()).toEqual(
      [listed[0]!.number, listed[1]!.number].sort(),
    );
  });

  it("another student's invoice is refused, an unknown number is 404, and a declined card issues nothing", async () => {
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });
    const [own] = ((await listInvoices(student, bearer(student.token))).json() as Listed).invoices;
    const other = await registerStudent(t);
    expect((await listInvoices(student, bearer(other.token))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: own!.url, headers: bearer(other.token) })).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/invoices/INV-2026-99999`,
      headers: bearer(student.token),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: messages.invoices.notFound });

    const issued = (await series('invoice', 2026)).length;
    const declined = await pay(t, other, 'enrollment', {
      amount: pricePounds('enrollment'),
      sourceId: 'cnon:card-nonce-declined',
    });
    expect(declined.statusCode).toBe(400);
    expect((await series('invoice', 2026)).length).toBe(issued);
    expect(((await listInvoices(other, bearer(other.token))).json() as Listed).invoices).toEqual([]);
  });

  it('a manual payment gets an invoice too, and numbering starts again at 1 in a new year', async () => {
    const student = await registerStudent(t);
    const today = nowMs;
    nowMs = Date.parse('2027-01-01T00:00:05Z');
    try {
      const newYearOwner = bearer(await t.adminToken('olga', 'owner'));
      const marked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/students/${student.id}/mark-paid`,
        headers: newYearOwner,
        payload: { payment_type: 'enrollment' },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const [invoice] = ((await listInvoices(student, newYearOwner)).json() as Listed).invoices;
      expect(invoice?.number).toBe(invoiceNumber('invoice', 2027, 1));
      expect(await pdfText(invoice!.url, newYearOwner)).toContain('payment recorded by the school on 1 January 2027');
    } finally {
      nowMs = today;
    }
  });

  it('50 payments at once take 50 consecutive numbers: no gap, no duplicate', async () => {
    const students = await Promise.all(Array.from({ length: 50 }, () => registerStudent(t)));
    const before = await series('invoice', 2026);
    const results = await Promise.all(
      students.map((student) => pay(t, student, 'enrollment', { amount: pricePounds('enrollment') })),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const after = await series('invoice', 2026);
    expect(after).toEqual(Array.from({ length: before.length + 50 }, (_, i) => i + 1));
    const numbers = await t.db
      .select({ paymentId: invoices.paymentId })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'));
    expect(new Set(numbers.map((n) => n.paymentId)).size).toBe(numbers.length);
  });
});
