/**
 * Square's webhook events (docs/decisions/039): Square is the source of truth for money that moves
 * outside this site. Each event is handled once (its event_id is stored in the same transaction as
 * what it changes, so a replay changes nothing and a failure leaves it for Square's retry), and
 * through the same code as the site's own paths, with the same locks (student row, then payment):
 * - payment.created / payment.updated: a pending payment of ours that Square reports COMPLETED,
 *   FAILED or CANCELED is settled as the reconciler settles it; a COMPLETED payment we do not know
 *   is recorded without a student, flagged needs_review, never applied to anyone;
 * - refund.created / refund.updated: a COMPLETED refund is recorded as an admin's refund is
 *   (record-refund.ts), once per refund id, so a refund made here and reported back is not recorded twice;
 * - dispute.created / dispute.state.updated: the payment's dispute state and due date (an older
 *   `updated_at` never overwrites a newer one); the owners' `admin-dispute` e-mail on first sight; a
 *   dispute lost (or accepted) is recorded as a refund; won clears the flag.
 * Anything else is stored and ignored.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, squareWebhookEvents, type Payment } from '@server/db/schema';
import { badRequest } from '@server/errors';
import {
  squareDisputeObject,
  squarePaymentObject,
  squareRefundObject,
  squareTime,
  type SquareDisputeObject,
  type SquareEventEnvelope,
  type SquarePaymentObject,
  type SquareRefundObject,
} from '@server/square/webhook-events';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { fullName } from '../students/find-student';
import { lockPayment } from './apply-payment';
import { describePayment } from './describe-payment';
import { DISPUTE_LOST_STATES } from './ledger-invariants';
import { recordRefund } from './record-refund';
import { settlePendingPayment } from './reconcile-payments';

export const SQUARE_WEBHOOK_ACTOR = { adminId: null, username: 'system (Square webhook)' } as const;

export interface SquareEventResult {
  outcome: 'applied' | 'replayed' | 'ignored';
  /** Why nothing changed (for the log). */
  reason?: string;
}

export interface SquareEventOptions {
  /** Where the owners' `admin-dispute` e-mail goes (unset: none is sent). */
  adminNotifyEmail?: string;
}

type Handler = (tx: Db) => Promise<SquareEventResult>;

const applied: SquareEventResult = { outcome: 'applied' };
const ignored = (reason: string): SquareEventResult => ({ outcome: 'ignored', reason });

/** Handles one verified event; a body of a known type that is not in Square's shape is 400 and changes nothing. */
export async function handleSquareEvent(
  db: Db,
  event: SquareEventEnvelope,
  options: SquareEventOptions = {},
): Promise<SquareEventResult> {
  const handler = prepare(event, options);
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(squareWebhookEvents)
      .values({ eventId: event.event_id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: squareWebhookEvents.eventId });
    if (!fresh) return { outcome: 'replayed' };
    return handler ? handler(tx) : ignored('event type not handled');
  });
}

function parse<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(messages.admin.squareWebhookBadEvent);
  return parsed.data;
}

function prepare(event: SquareEventEnvelope, options: SquareEventOptions): Handler | null {
  const object = event.data?.object ?? {};
  switch (event.type) {
    case 'payment.created':
    case 'payment.updated': {
      const payment = parse(squarePaymentObject, object.payment);
      return (tx) => onPayment(tx, payment);
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = parse(squareRefundObject, object.refund);
      return (tx) => onRefund(tx, refund);
    }
    case 'dispute.created':
    case 'dispute.state.updated': {
      const dispute = parse(squareDisputeObject, object.dispute);
      const disputeId = dispute.id ?? dispute.dispute_id ?? event.data?.id;
      if (!disputeId) throw badRequest(messages.admin.squareWebhookBadEvent);
      const reported = squareTime(dispute.updated_at) ?? squareTime(event.created_at) ?? new Date();
      return (tx) => onDispute(tx, { ...dispute, disputeId, reported }, options);
    }
    default:
      return null;
  }
}

async function byProviderReference(tx: Db, reference: string): Promise<Payment | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.providerReference, reference)).limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ours: by Square's payment id, or (still pending here, no id recorded yet) by the reference id we sent. */
async function ourPayment(tx: Db, square: SquarePaymentObject): Promise<Payment | undefined> {
  const known = await byProviderReference(tx, square.id);
  if (known || !square.reference_id || !UUID.test(square.reference_id)) return known;
  const [pending] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, square.reference_id), eq(payments.method, 'card'), isNull(payments.providerReference)))
    .limit(1);
  return pending;
}

async function onPayment(tx: Db, square: SquarePaymentObject): Promise<SquareEventResult> {
  const payment = await ourPayment(tx, square);
  if (!payment) return square.status === 'COMPLETED' ? recordUnmatched(tx, square) : ignored('not a payment of ours');
  if (payment.status !== 'pending') return ignored('already settled');
  let outcome;
  if (square.status === 'COMPLETED') {
    outcome = await settlePendingPayment(
      tx,
      payment,
      { outcome: 'completed', providerReference: square.id },
      SQUARE_WEBHOOK_ACTOR,
    );
  } else if (square.status === 'FAILED' || square.status === 'CANCELED') {
    outcome = await settlePendingPayment(
      tx,
      payment,
      { outcome: 'declined', detail: messages.enrolment.paymentNotTaken },
      SQUARE_WEBHOOK_ACTOR,
    );
  } else return ignored(`payment ${square.status}: not final`);
  return outcome === 'unknown' ? ignored('settled meanwhile') : applied;
}

/** Money Square took that this site did not ask for: recorded for an admin, never applied to a student. */
async function recordUnmatched(tx: Db, square: SquarePaymentObject): Promise<SquareEventResult> {
  const money = square.amount_money;
  if (!money || money.currency !== 'GBP' || money.amount <= 0) return ignored('unmatched payment without a GBP amount');
  const [row] = await tx
    .insert(payments)
    .values({
      studentId: null,
      // The type is unknown; the description says so and needs_review keeps it out of every rule.
      paymentType: 'enrollment',
      amountPence: money.amount,
      status: 'completed',
      method: 'card',
      idempotencyKey: `square-${square.id}`,
      providerReference: square.id,
      description: messages.admin.unmatchedSquarePayment,
      needsReview: true,
      completedAt: squareTime(square.updated_at) ?? new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return ignored('unmatched payment already recorded');
  await writeAudit(tx, SQUARE_WEBHOOK_ACTOR, {
    action: 'payment.unmatched',
    details: { payment_id: row.id, provider_reference: square.id, amount_pence: money.amount },
  });
  return applied;
}

async function onRefund(tx: Db, refund: SquareRefundObject): Promise<SquareEventResult> {
  if (refund.status !== 'COMPLETED') return ignored(`refund ${refund.status}: not completed`);
  if (refund.amount_money.currency !== 'GBP') return ignored('refund not in GBP');
  const target = await byProviderReference(tx, refund.payment_id);
  if (!target) return ignored('refund of a payment not ours');
  const locked = await lockPayment(tx, target.id);
  if (!locked) return ignored('payment gone');
  const recorded = await recordRefund(tx, locked, {
    amountPence: refund.amount_money.amount,
    reference: refund.id,
    source: 'square',
    reason: refund.reason?.trim().slice(0, 500) || messages.admin.refundedInSquare,
    actor: SQUARE_WEBHOOK_ACTOR,
    action: 'payment.refunded_in_square',
    notifyStudent: true,
  });
  return recorded ? applied : ignored('refund already recorded');
}

async function onDispute(
  tx: Db,
  dispute: SquareDisputeObject & { disputeId: string; reported: Date },
  options: SquareEventOptions,
): Promise<SquareEventResult> {
  const target = await byProviderReference(tx, dispute.disputed_payment.payment_id);
  if (!target) return ignored('dispute of a payment not ours');
  const locked = await lockPayment(tx, target.id);
  if (!locked) return ignored('payment gone');
  const { payment, student } = locked;
  // Events arrive in any order: the newest state Square reported wins.
  if (payment.disputeUpdatedAt && dispute.reported <= payment.disputeUpdatedAt)
    return ignored('older than the dispute state recorded');
  const firstSight = payment.disputeId !== dispute.disputeId;
  const updated = one(
    await tx
      .update(payments)
      .set({
        disputeId: dispute.disputeId,
        disputeState: dispute.state,
        disputeDueAt: squareTime(dispute.due_at),
        disputeUpdatedAt: dispute.reported,
      })
      .where(eq(payments.id, payment.id))
      .returning(),
  );
  if (firstSight) {
    await writeAudit(tx, SQUARE_WEBHOOK_ACTOR, {
      action: 'payment.disputed',
      studentId: student?.id ?? null,
      studentName: student ? fullName(student) : null,
      details: { payment_id: payment.id, dispute_id: dispute.disputeId, state: dispute.state },
    });
    if (options.adminNotifyEmail) {
      await enqueueEmail(tx, {
        template: 'admin-dispute',
        to: options.adminNotifyEmail,
        data: {
          studentName: student ? fullName(student) : null,
          description: payment.description ?? describePayment(payment.paymentType, payment.courseType),
          amountPence: dispute.amount_money?.amount ?? payment.amountPence,
          state: dispute.state,
          dueAt: updated.disputeDueAt?.toISOString() ?? null,
          reference: payment.providerReference ?? payment.id,
        },
      });
    }
  }
  if ((DISPUTE_LOST_STATES as readonly string[]).includes(dispute.state)) {
    // The bank gave the money back to the cardholder: recorded as a refund made at Square.
    await recordRefund(
      tx,
      { payment: updated, student },
      {
        amountPence: dispute.amount_money?.amount ?? payment.amountPence,
        reference: `dispute-${dispute.disputeId}`,
        source: 'square',
        reason: messages.admin.disputeLost(dispute.state),
        actor: SQUARE_WEBHOOK_ACTOR,
        action: 'payment.dispute_lost',
        notifyStudent: false,
      },
    );
  }
  return applied;
}
