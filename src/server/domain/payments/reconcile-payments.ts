/**
 * The reconciler (docs/product/payments.md): settles every card payment left `pending` longer than `olderThanMs`
 * (a crash or a lost answer) by asking the provider what happened to its idempotency key, then
 * completes it (applied to the student once, re-checked as any completion) or fails it, with an
 * audit row per settlement. Runs inside the caller's transaction (the job holds an advisory lock
 * there, so one process reconciles at a time); an unknown answer leaves the row for the next pass.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { payments, type Payment } from '@server/db/schema';
import { ProviderUnavailableError, type ChargeResult, type PaymentProvider } from '@server/square/provider';
import { writeAudit, type AuditActor } from '../audit/write-audit';
import { chargeRequestFor, recordCompletedPayment, recordFailedPayment } from './apply-payment';

export const RECONCILER_ACTOR = { adminId: null, username: 'system (reconciler)' } as const;

export interface ReconcileSummary {
  completed: number;
  failed: number;
  unknown: number;
}

export async function reconcileStalePayments(
  tx: Db,
  provider: PaymentProvider,
  /** `clock`: the app's clock, for what is stale and when each payment is settled. */
  options: { olderThanMs: number; clock: () => Date; limit?: number; signal?: AbortSignal },
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { completed: 0, failed: 0, unknown: 0 };
  const stale = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.method, 'card'),
        lt(payments.createdAt, new Date(options.clock().getTime() - options.olderThanMs)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit ?? 50);
  for (const payment of stale) {
    if (options.signal?.aborted) break;
    summary[await settle(tx, provider, payment, options.clock)] += 1;
  }
  return summary;
}

async function settle(
  tx: Db,
  provider: PaymentProvider,
  payment: Payment,
  clock: () => Date,
): Promise<keyof ReconcileSummary> {
  let result;
  try {
    result = await provider.reconcile(tx, chargeRequestFor(payment, payment.replaySourceId));
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return 'unknown';
    throw error;
  }
  return settlePendingPayment(tx, payment, result, RECONCILER_ACTOR, clock());
}

/**
 * Settles a pending card payment with the provider's final answer, as the reconciler does and as
 * Square's webhook does (apply-provider-event.ts): completed (applied once, re-checked as any completion,
 * receipt e-mail) or failed, with an audit row, at `now`. 'unknown' when it was no longer pending
 * (settled meanwhile by the request itself, the reconciler or a webhook): nothing changes.
 */
export async function settlePendingPayment(
  tx: Db,
  payment: Payment,
  result: ChargeResult,
  actor: AuditActor,
  now: Date,
): Promise<keyof ReconcileSummary> {
  if (result.outcome === 'completed') {
    const recorded = await recordCompletedPayment(tx, payment.id, result.providerReference, now);
    if (!recorded) return 'unknown';
    await writeAudit(tx, actor, {
      action: 'payment.reconciled',
      studentId: payment.studentId,
      details: {
        payment_id: payment.id,
        outcome: 'completed',
        needs_review: recorded.payment.needsReview,
        amount_pence: payment.amountPence,
      },
    });
    return 'completed';
  }
  if (!(await recordFailedPayment(tx, payment.id, result.detail))) return 'unknown';
  await writeAudit(tx, actor, {
    action: 'payment.reconciled',
    studentId: payment.studentId,
    details: { payment_id: payment.id, outcome: 'failed', amount_pence: payment.amountPence },
  });
  return 'failed';
}
