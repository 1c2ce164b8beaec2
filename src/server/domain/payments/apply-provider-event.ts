/**
 * The payment provider's events (Square's webhook, translated by square/webhook-events.ts;
 * docs/decisions/039): the provider is the source of truth for money that moves outside this site. Each event is handled once (its event_id is stored in the same transaction as
 * what it changes, so a replay changes nothing and a failure leaves it for Square's retry), and
 * through the same code as the site's own paths, with the same locks (student row, then payment):
 * - payment: a pending payment of ours that the provider reports completed or failed (Square:
 *   COMPLETED, FAILED or CANCELED) is settled as the reconciler settles it; a completed payment we do
 *   not know is recorded without a student, flagged needs_review, never applied to anyone;
 * - refund: a completed refund is recorded as an admin's refund is (record-refund.ts), once per
 *   refund id, so a refund made here and reported back is not recorded twice;
 * - dispute: the payment's dispute state and due date (an older report never overwrites a newer
 *   one); the owners' `admin-dispute` e-mail on first sight; a dispute lost (or accepted) is
 *   recorded as a refund, and a lost dispute about the course payment revokes the student's certificate
 *   at once; won clears the flag.
 * Anything else is stored and ignored.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, squareWebhookEvents, type Payment } from '@server/db/schema';
import type { ProviderEvent } from '@server/square/provider';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { fullName } from '../students/find-student';
import { lockPayment } from './apply-payment';
import { describePayment } from './describe-payment';
import { revokeStudentCertificate } from '../certificates/revoke-certificate';
import { isCoursePayment, recordRefund } from './record-refund';
import { settlePendingPayment } from './reconcile-payments';

const SQUARE_WEBHOOK_ACTOR = { adminId: null, username: 'system (Square webhook)' } as const;

export interface ProviderEventResult {
  outcome: 'applied' | 'replayed' | 'ignored';
  /** Why nothing changed (for the log). */
  reason?: string;
}

export interface ProviderEventOptions {
  /** Where the owners' `admin-dispute` e-mail goes (unset: none is sent). */
  adminNotifyEmail?: string;
  /** The time of a report the provider did not date. */
  now: Date;
}

type PaymentEvent = Extract<ProviderEvent, { kind: 'payment' }>;
type RefundEvent = Extract<ProviderEvent, { kind: 'refund' }>;
type DisputeEvent = Extract<ProviderEvent, { kind: 'dispute' }>;

const applied: ProviderEventResult = { outcome: 'applied' };
const ignored = (reason: string): ProviderEventResult => ({ outcome: 'ignored', reason });

/** Handles one verified event, once: a replay of its event id changes nothing. */
export async function applyProviderEvent(
  db: Db,
  event: ProviderEvent,
  options: ProviderEventOptions,
): Promise<ProviderEventResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(squareWebhookEvents)
      .values({ eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: squareWebhookEvents.eventId });
    if (!fresh) return { outcome: 'replayed' };
    switch (event.kind) {
      case 'payment':
        return onPayment(tx, event, options.now);
      case 'refund':
        return onRefund(tx, event, options.now);
      case 'dispute':
        return onDispute(tx, event, options);
      default:
        return ignored('event type not handled');
    }
  });
}

async function byProviderReference(tx: Db, reference: string): Promise<Payment | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.providerReference, reference)).limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ours: by the provider's payment id, or (still pending here, no id recorded yet) by the reference id we sent. */
async function ourPayment(tx: Db, reported: PaymentEvent): Promise<Payment | undefined> {
  const known = await byProviderReference(tx, reported.reference);
  if (known || !reported.ourPaymentId || !UUID.test(reported.ourPaymentId)) return known;
  const [pending] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, reported.ourPaymentId), eq(payments.method, 'card'), isNull(payments.providerReference)))
    .limit(1);
  return pending;
}

async function onPayment(tx: Db, reported: PaymentEvent, now: Date): Promise<ProviderEventResult> {
  const payment = await ourPayment(tx, reported);
  if (!payment)
    return reported.status === 'completed' ? recordUnmatched(tx, reported, now) : ignored('not a payment of ours');
  if (payment.status !== 'pending') return ignored('already settled');
  let outcome;
  if (reported.status === 'completed') {
    outcome = await settlePendingPayment(
      tx,
      payment,
      { outcome: 'completed', providerReference: reported.reference },
      SQUARE_WEBHOOK_ACTOR,
      now,
    );
  } else if (reported.status === 'failed') {
    outcome = await settlePendingPayment(
      tx,
      payment,
      { outcome: 'declined', detail: messages.enrolment.paymentNotTaken },
      SQUARE_WEBHOOK_ACTOR,
      now,
    );
  } else return ignored(`payment ${reported.providerStatus}: not final`);
  return outcome === 'unknown' ? ignored('settled meanwhile') : applied;
}

/** Money Square took that this site did not ask for: recorded for an admin, never applied to a student. */
async function recordUnmatched(tx: Db, reported: PaymentEvent, now: Date): Promise<ProviderEventResult> {
  const money = reported.amount;
  if (!money || money.currency !== 'GBP' || money.pence <= 0) return ignored('unmatched payment without a GBP amount');
  const [row] = await tx
    .insert(payments)
    .values({
      studentId: null,
      // The type is unknown; the description says so and needs_review keeps it out of every rule.
      paymentType: 'enrollment',
      amountPence: money.pence,
      status: 'completed',
      method: 'card',
      idempotencyKey: `square-${reported.reference}`,
      providerReference: reported.reference,
      description: messages.admin.unmatchedSquarePayment,
      needsReview: true,
      // Priced by nothing of ours: its list price is what Square took.
      listFeePence: money.pence,
      listCoursePence: 0,
      completedAt: reported.updatedAt ?? now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return ignored('unmatched payment already recorded');
  await writeAudit(tx, SQUARE_WEBHOOK_ACTOR, {
    action: 'payment.unmatched',
    details: { payment_id: row.id, provider_reference: reported.reference, amount_pence: money.pence },
  });
  return applied;
}

async function onRefund(tx: Db, refund: RefundEvent, now: Date): Promise<ProviderEventResult> {
  if (!refund.completed) return ignored(`refund ${refund.providerStatus}: not completed`);
  if (refund.amount.currency !== 'GBP') return ignored('refund not in GBP');
  const target = await byProviderReference(tx, refund.paymentReference);
  if (!target) return ignored('refund of a payment not ours');
  const locked = await lockPayment(tx, target.id);
  if (!locked) return ignored('payment gone');
  const recorded = await recordRefund(
    tx,
    locked,
    {
      amountPence: refund.amount.pence,
      reference: refund.refundId,
      source: 'square',
      reason: refund.reason?.trim().slice(0, 500) || messages.admin.refundedInSquare,
      actor: SQUARE_WEBHOOK_ACTOR,
      action: 'payment.refunded_in_square',
      notifyStudent: true,
    },
    now,
  );
  return recorded ? applied : ignored('refund already recorded');
}

async function onDispute(tx: Db, dispute: DisputeEvent, options: ProviderEventOptions): Promise<ProviderEventResult> {
  const reported = dispute.reportedAt ?? options.now;
  const target = await byProviderReference(tx, dispute.paymentReference);
  if (!target) return ignored('dispute of a payment not ours');
  const locked = await lockPayment(tx, target.id);
  if (!locked) return ignored('payment gone');
  const { payment, student } = locked;
  // Events arrive in any order: the newest state Square reported wins.
  if (payment.disputeUpdatedAt && reported <= payment.disputeUpdatedAt)
    return ignored('older than the dispute state recorded');
  const firstSight = payment.disputeId !== dispute.disputeId;
  const updated = one(
    await tx
      .update(payments)
      .set({
        disputeId: dispute.disputeId,
        disputeState: dispute.state,
        disputeDueAt: dispute.dueAt,
        disputeUpdatedAt: reported,
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
      await enqueueEmail(
        tx,
        {
          template: 'admin-dispute',
          to: options.adminNotifyEmail,
          data: {
            studentName: student ? fullName(student) : null,
            description: payment.description ?? describePayment(payment.paymentType, payment.courseType),
            amountPence: dispute.amount?.pence ?? payment.amountPence,
            state: dispute.state,
            dueAt: updated.disputeDueAt?.toISOString() ?? null,
            reference: payment.providerReference ?? payment.id,
          },
        },
        options.now,
      );
    }
  }
  if (dispute.lost) {
    // Revoked as a lost dispute before the refund is recorded (which would name a full refund instead).
    if (student && isCoursePayment(payment))
      await revokeStudentCertificate(tx, student.id, messages.certificates.revokedDisputeLost, options.now);
    // The bank gave the money back to the cardholder: recorded as a refund made at Square.
    await recordRefund(
      tx,
      { payment: updated, student },
      {
        amountPence: dispute.amount?.pence ?? payment.amountPence,
        reference: `dispute-${dispute.disputeId}`,
        source: 'square',
        reason: messages.admin.disputeLost(dispute.state),
        actor: SQUARE_WEBHOOK_ACTOR,
        action: 'payment.dispute_lost',
        notifyStudent: false,
      },
      options.now,
    );
  }
  return applied;
}
