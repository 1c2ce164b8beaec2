/**
 * The Square webhook events the site acts on, in Square's shapes (only the fields it reads; the
 * rest is ignored): `{ merchant_id, type, event_id, created_at, data: { type, id, object } }` with
 * `object.payment`, `object.refund` or `object.dispute`. Money in the smallest unit (pence).
 */
import { z } from 'zod';

const money = z.object({ amount: z.number().int().min(0), currency: z.string() });

export const squareEventEnvelope = z.object({
  merchant_id: z.string().optional(),
  type: z.string().min(1).max(100),
  event_id: z.string().min(1).max(200),
  created_at: z.string().optional(),
  data: z
    .object({
      type: z.string().optional(),
      id: z.string().optional(),
      object: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type SquareEventEnvelope = z.infer<typeof squareEventEnvelope>;

export const squarePaymentObject = z.object({
  id: z.string().min(1).max(200),
  /** APPROVED, PENDING, COMPLETED, CANCELED or FAILED. */
  status: z.string(),
  amount_money: money.optional(),
  /** Our payment row's id (CreatePayment's reference_id), which identifies a payment still pending here. */
  reference_id: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SquarePaymentObject = z.infer<typeof squarePaymentObject>;

export const squareRefundObject = z.object({
  id: z.string().min(1).max(200),
  /** PENDING, COMPLETED, REJECTED or FAILED. */
  status: z.string(),
  amount_money: money,
  payment_id: z.string().min(1).max(200),
  reason: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SquareRefundObject = z.infer<typeof squareRefundObject>;

export const squareDisputeObject = z.object({
  id: z.string().min(1).max(200).optional(),
  dispute_id: z.string().min(1).max(200).optional(),
  /** INQUIRY_EVIDENCE_REQUIRED, INQUIRY_PROCESSING, INQUIRY_CLOSED, EVIDENCE_REQUIRED, PROCESSING, WON, LOST, ACCEPTED. */
  state: z.string().min(1).max(100),
  amount_money: money.optional(),
  due_at: z.string().optional(),
  disputed_payment: z.object({ payment_id: z.string().min(1).max(200) }),
  updated_at: z.string().optional(),
});
export type SquareDisputeObject = z.infer<typeof squareDisputeObject>;

/** Square's timestamp, or null when it is absent or unreadable. */
export function squareTime(value: string | undefined): Date | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}
