/**
 * Refund (docs/product/payments.md): an admin refunds what is left of a completed payment. In one
 * transaction holding the student's row and the payment's: the provider's refund (its own idempotency
 * key, one per payment, so a retry or a concurrent refund refunds once; a manual payment is a recorded
 * reversal), then the refund recorded as every refund is (record-refund.ts: payment refunded, flags
 * and total recomputed from the ledger, audit row, receipt e-mail), made at `now`. A refusal or an
 * unknown answer changes nothing.
 */
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import type { Payment } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { ProviderUnavailableError, type PaymentProvider } from '@server/square/provider';
import type { AdminActor } from '../actor';
import { lockPayment } from './apply-payment';
import { recordRefund } from './record-refund';

export const refundKey = (paymentId: string) => `refund-${paymentId}`;

export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  admin: AdminActor,
  paymentId: string,
  reason: string,
  now: Date,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked) throw new DomainError('not_found', messages.admin.paymentNotFound);
    const { payment } = locked;
    if (payment.status !== 'completed') throw new DomainError('conflict', messages.admin.refundOnlyCompleted);
    // What is left: all of it, unless Square already refunded a part.
    const amountPence = payment.amountPence - payment.refundedPence;

    let refundReference: string | null = null;
    if (payment.method === 'card') {
      let result;
      try {
        result = await provider.refund(tx, {
          idempotencyKey: refundKey(payment.id),
          providerReference: payment.providerReference ?? '',
          amountPence,
          currency: 'GBP',
          reason,
        });
      } catch (error) {
        if (error instanceof ProviderUnavailableError)
          throw new DomainError('upstream_failed', messages.admin.refundProviderUnavailable);
        throw error;
      }
      if (result.outcome === 'failed') throw new DomainError('upstream_failed', result.detail);
      refundReference = result.refundReference;
    }

    const refunded = await recordRefund(
      tx,
      locked,
      {
        amountPence,
        reference: refundReference,
        source: 'admin',
        reason,
        actor: admin,
        action: 'payment.refunded',
        notifyStudent: true,
      },
      now,
    );
    // Null only if Square's answer names a refund already recorded (reported by its webhook first).
    if (!refunded) throw new DomainError('conflict', messages.admin.refundOnlyCompleted);
    return refunded;
  });
}
