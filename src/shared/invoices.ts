/**
 * Invoices and credit notes (docs/product/payments.md#invoices): every completed payment gets an
 * invoice numbered `INV-YYYY-NNNNN`, every refund a credit note `CN-YYYY-NNNNN`, each series gapless
 * within a calendar year.
 */
import type { Pence } from './money';
import type { PaymentMethod } from './statuses';

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** `INV-2026-00042`: the series, the year of issue and the number within that year. */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${PREFIX[kind]}-${year}-${String(sequence).padStart(5, '0')}`;
}

export const INVOICE_NUMBER_PATTERN = /^(INV|CN)-\d{4}-\d{5,}$/;

/**
 * The VAT contained in a VAT-inclusive amount at `ratePercent` (the VAT fraction rate/(100+rate), as
 * HMRC's VAT Notice 700/21 allows for retail prices), rounded to the nearest penny.
 */
export function vatIncludedPence(grossPence: Pence, ratePercent: number): Pence {
  return Math.round((grossPence * ratePercent) / (100 + ratePercent));
}

/*
 * What an invoice or credit note says besides its number, date, total and buyer (table invoices):
 * fixed when it is issued, so the PDF drawn years later prints what was issued.
 */

/** The seller as Settings named it when the document was issued. */
export interface InvoiceSeller {
  name: string;
  address: string | null;
  companyNumber: string | null;
  /** Null: not VAT-registered, and the document says no VAT is charged. */
  vatNumber: string | null;
  vatRatePercent: number;
}

export interface InvoiceLine {
  description: string;
  /** At list price, before any discount. */
  amountPence: number;
}

export interface InvoiceDetails {
  seller: InvoiceSeller;
  lines: InvoiceLine[];
  discount: { code: string; amountPence: number } | null;
  /** The VAT included in the total; null when the seller has no VAT number. */
  vatPence: number | null;
  /** The payment's reference at the card processor (or the payment's id for a manual payment). */
  paymentReference: string;
  paymentMethod: PaymentMethod;
  /** A credit note's reason (the refund's). */
  reason?: string;
}
