/** The student's invoices and credit notes (docs/product/payments.md#invoices). */
import { z } from 'zod';
import { INVOICE_KINDS, INVOICE_NUMBER_PATTERN } from '@shared/invoices';
import { uuidSchema } from './common';

export const studentInvoiceSchema = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  issued_at: z.string(),
  /** What the invoice charged, or what the credit note gives back (always positive). */
  total_pence: z.number().int(),
  /** The PDF (the student's token or an admin's). */
  url: z.string(),
});
export type StudentInvoice = z.infer<typeof studentInvoiceSchema>;

export const studentInvoicesResponse = z.object({ invoices: z.array(studentInvoiceSchema) });
export type StudentInvoicesResponse = z.infer<typeof studentInvoicesResponse>;

export const invoiceParams = z.object({
  id: uuidSchema,
  number: z.string().regex(INVOICE_NUMBER_PATTERN),
});
