/**
 * The Square webhook events the site acts on, in Square's shapes (only the fields it reads; the
 * rest is ignored): `{ merchant_id, type, event_id, created_at, data: { type, id, object } }` with
 * `object.payment`, `object.refund` or `object.dispute`. Money in the smallest unit (pence).
 * `translateSquareEvent` turns one into the provider-neutral event the domain handles.
 */
import { z } from 'zod';
import type { ProviderEvent } from './provider';

/** Dispute states after which the money has gone back to the cardholder (recorded as a refund). */
export const DISPUTE_LOST_STATES = ['LOST', 'ACCEPTED'] as const;
/** Dispute states that clear the flag: the merchant kept the money. */
export const DISPUTE_CLEARED_STATES = ['WON', 'INQUIRY_CLOSED'] as const;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** C0 controls (NUL among them), DEL and C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A verified event's strings as the database can store them, before anything reads them: a lone
 * UTF-16 surrogate becomes U+FFFD and a control character (NUL among them) a space. PostgreSQL refuses
 * NUL in text and a lone surrogate in jsonb; Square signed the event, so it is handled, not refused
 * (a 5xx would have Square send it again for days).
 */
export function cleanProviderJson(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd').replace(CONTROL, ' ');
  if (Array.isArray(value)) return value.map(cleanProviderJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [cleanProviderJson(key) as string, cleanProviderJson(inner)]),
    );
  }
  return value;
}

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

const squarePaymentObject = z.object({
  id: z.string().min(1).max(200),
  /** APPROVED, PENDING, COMPLETED, CANCELED or FAILED. */
  status: z.string(),
  amount_money: money.optional(),
  /** Our payment row's id (CreatePayment's reference_id), which identifies a payment still pending here. */
  reference_id: z.string().optional(),
  updated_at: z.string().optional(),
});

const squareRefundObject = z.object({
  id: z.string().min(1).max(200),
  /** PENDING, COMPLETED, REJECTED or FAILED. */
  status: z.string(),
  amount_money: money,
  payment_id: z.string().min(1).max(200),
  reason: z.string().optional(),
  updated_at: z.string().optional(),
});

const squareDisputeObject = z.object({
  id: z.string().min(1).max(200).optional(),
  dispute_id: z.string().min(1).max(200).optional(),
  /** INQUIRY_EVIDENCE_REQUIRED, INQUIRY_PROCESSING, INQUIRY_CLOSED, EVIDENCE_REQUIRED, PROCESSING, WON, LOST, ACCEPTED. */
  state: z.string().min(1).max(100),
  amount_money: money.optional(),
  due_at: z.string().optional(),
  disputed_payment: z.object({ payment_id: z.string().min(1).max(200) }),
  updated_at: z.string().optional(),
});

/** Square's timestamp, or null when it is absent or unreadable. */
function squareTime(value: string | undefined): Date | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

const inPence = (value: { amount: number; currency: string }) => ({ pence: value.amount, currency: value.currency });

/**
 * The event in the site's terms; null when an event of a type the site acts on is not in Square's
 * shape (answered 400, nothing recorded). Types the site does not act on are `other`.
 */
export function translateSquareEvent(event: SquareEventEnvelope): ProviderEvent | null {
  const object = event.data?.object ?? {};
  const base = { eventId: event.event_id, type: event.type };
  switch (event.type) {
    case 'payment.created':
    case 'payment.updated': {
      const parsed = squarePaymentObject.safeParse(object.payment);
      if (!parsed.success) return null;
      const payment = parsed.data;
      const status =
        payment.status === 'COMPLETED'
          ? 'completed'
          : payment.status === 'FAILED' || payment.status === 'CANCELED'
            ? 'failed'
            : 'not_final';
      return {
        ...base,
        kind: 'payment',
        reference: payment.id,
        ourPaymentId: payment.reference_id,
        status,
        providerStatus: payment.status,
        amount: payment.amount_money && inPence(payment.amount_money),
        updatedAt: squareTime(payment.updated_at),
      };
    }
    case 'refund.created':
    case 'refund.updated': {
      const parsed = squareRefundObject.safeParse(object.refund);
      if (!parsed.success) return null;
      const refund = parsed.data;
      return {
        ...base,
        kind: 'refund',
        refundId: refund.id,
        paymentReference: refund.payment_id,
        completed: refund.status === 'COMPLETED',
        providerStatus: refund.status,
        amount: inPence(refund.amount_money),
        reason: refund.reason,
      };
    }
    case 'dispute.created':
    case 'dispute.state.updated': {
      const parsed = squareDisputeObject.safeParse(object.dispute);
      const disputeId = parsed.data?.id ?? parsed.data?.dispute_id ?? event.data?.id;
      if (!parsed.success || !disputeId) return null;
      const dispute = parsed.data;
      return {
        ...base,
        kind: 'dispute',
        disputeId,
        paymentReference: dispute.disputed_payment.payment_id,
        state: dispute.state,
        lost: (DISPUTE_LOST_STATES as readonly string[]).includes(dispute.state),
        amount: dispute.amount_money && inPence(dispute.amount_money),
        dueAt: squareTime(dispute.due_at),
        reportedAt: squareTime(dispute.updated_at) ?? squareTime(event.created_at),
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
