/** The admin Payments tab (docs/product/payments.md): every payment, with refunds. */
import { z } from 'zod';
import { COURSE_TYPES, PAYMENT_TYPES } from '@shared/catalogue';
import { PAYMENT_METHODS, REFUND_SOURCES } from '@shared/statuses';
import { messages } from '@shared/messages';
import { paginationQuery } from './admin';
import { multilineText, text } from './text';

/** What the Payments view shows as a payment's status: needs_review is a completed payment flagged for an admin. */
export const PAYMENT_VIEW_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'needs_review'] as const;
export type PaymentViewStatus = (typeof PAYMENT_VIEW_STATUSES)[number];

const blankIsAll = (v: unknown) => (v === '' ? undefined : v);

/** The Payments tab's flags: an open or lost dispute at Square, or a refund made at Square (its dashboard or a dispute lost). */
export const PAYMENT_FLAGS = ['disputed', 'refunded_elsewhere'] as const;
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/** GET /api/admin/payments?status=&type=&method=&flag=&search=&page=&page_size= */
export const paymentListQuery = paginationQuery.extend({
  status: z.preprocess(blankIsAll, z.enum(PAYMENT_VIEW_STATUSES).optional()),
  type: z.preprocess(blankIsAll, z.enum(PAYMENT_TYPES).optional()),
  method: z.preprocess(blankIsAll, z.enum(PAYMENT_METHODS).optional()),
  flag: z.preprocess(blankIsAll, z.enum(PAYMENT_FLAGS).optional()),
  search: text().trim().max(100).optional(),
});

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  student_id: z.uuid().nullable(),
  /** Null once the student was deleted (the money record stays). */
  student_name: z.string().nullable(),
  email: z.string().nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  course_type: z.enum(COURSE_TYPES).nullable(),
  description: z.string().nullable(),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_VIEW_STATUSES),
  provider_reference: z.string().nullable(),
  failure_detail: z.string().nullable(),
  refund_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Pounds given back so far: the whole amount once refunded, less after a partial refund at Square. */
  refunded_amount: z.number(),
  /** Who refunded it: an admin here, or Square (its dashboard, or a dispute lost). */
  refund_source: z.enum(REFUND_SOURCES).nullable(),
  /** A dispute (chargeback) at Square, as last reported; null when there is none or it was won. */
  disputed: z.object({ state: z.string(), due_at: z.string().nullable() }).nullable(),
  /** The terms of sale the student agreed to at checkout and when (null for manual payments). */
  terms_version: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  /** The promo code the payment used and what it took off (pence; `amount` is what was charged). */
  promo_code: z.string().nullable(),
  discount_pence: z.number(),
  /** The payment's invoice, and its PDF (an admin's token) while the student's record exists. */
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const paymentListResponse = z.object({
  payments: z.array(adminPaymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Payments waiting for the provider's answer (the tab's badge). */
  pending_count: z.number().int(),
});
export type PaymentListResponse = z.infer<typeof paymentListResponse>;

/** POST /api/admin/payments/{id}/refund */
export const refundBody = z.object({
  reason: multilineText().trim().min(1, messages.admin.refundReasonRequired).max(500),
});

export const paymentIdParams = z.object({ id: z.uuid({ error: 'Payment not found' }) });
