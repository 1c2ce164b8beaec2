/**
 * Issuing invoices and credit notes (docs/product/payments.md#invoices), in the transaction that
 * completes or refunds the payment: the number is taken from the year's counter there, so a payment
 * that rolls back takes its number back with it and the series stays gapless.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { invoiceNumber, type InvoiceKind } from '@shared/invoices';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { invoiceCounters, invoices, type Invoice, type Payment, type Student } from '@server/db/schema';
import { sellerSettings } from '../settings/site-settings-store';
import { fullName } from '../students/find-student';
import type { InvoiceDetails } from '@shared/invoices';
import { invoiceLines, vatFor } from './invoice-details';

/**
 * The next number of `kind` in `year`: one upsert, which holds the counter's row until the caller's
 * transaction ends, so concurrent payments take consecutive numbers in commit order.
 */
async function nextSequence(tx: Db, kind: InvoiceKind, year: number): Promise<number> {
  const row = one(
    await tx
      .insert(invoiceCounters)
      .values({ kind, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.kind, invoiceCounters.year],
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceCounters.lastNumber }),
  );
  return row.lastNumber;
}

async function issue(
  tx: Db,
  kind: InvoiceKind,
  payment: Payment,
  student: Student | null,
  totalPence: number,
  details: InvoiceDetails,
  now: Date,
  creditsInvoice: string | null,
): Promise<Invoice> {
  // The UK's calendar year: London is on UTC at New Year, so the UTC year is London's.
  const year = now.getUTCFullYear();
  const sequence = await nextSequence(tx, kind, year);
  return one(
    await tx
      .insert(invoices)
      .values({
        number: invoiceNumber(kind, year, sequence),
        kind,
        year,
        sequence,
        paymentId: payment.id,
        studentId: student?.id ?? null,
        issuedAt: now,
        totalPence,
        buyerName: student ? fullName(student) : null,
        buyerEmail: student?.email ?? null,
        details,
        creditsInvoice,
      })
      .returning(),
  );
}

/** The invoice of a payment completed at `now` (card or manual), in the completing transaction. */
export async function issueInvoice(tx: Db, payment: Payment, student: Student | null, now: Date): Promise<Invoice> {
  const seller = await sellerSettings(tx);
  const details: InvoiceDetails = {
    seller,
    lines: invoiceLines(payment),
    discount:
      payment.promoCode && payment.discountPence > 0
        ? { code: payment.promoCode, amountPence: payment.discountPence }
        : null,
    vatPence: vatFor(seller, payment.amountPence),
    paymentReference: payment.providerReference ?? payment.id,
    paymentMethod: payment.method,
  };
  return issue(tx, 'invoice', payment, student, payment.amountPence, details, now, null);
}

/**
 * The credit note for `amountPence` of a payment given back at `now`, in the refund's transaction,
 * against the payment's invoice. Null when the payment has no invoice (completed before invoices).
 */
export async function issueCreditNote(
  tx: Db,
  payment: Payment,
  student: Student | null,
  amountPence: number,
  reason: string,
  now: Date,
): Promise<Invoice | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  if (!invoice) return null;
  // It corrects that invoice: the same seller, VAT number and rate.
  const { seller } = invoice.details;
  const details: InvoiceDetails = {
    seller,
    lines: [{ description: `Refund against invoice ${invoice.number}`, amountPence }],
    discount: null,
    vatPence: vatFor(seller, amountPence),
    paymentReference: payment.providerReference ?? payment.id,
    paymentMethod: payment.method,
    reason,
  };
  return issue(tx, 'credit_note', payment, student, amountPence, details, now, invoice.number);
}
