import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { offlineProviderLedger } from '@server/db/schema';
import { one } from '@server/db/rows';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './provider';

/**
 * SQUARE_ENVIRONMENT=offline: no network. Square's documented sandbox test tokens
 * (docs/product/payments.md) behave as Square's sandbox does; anything else cannot be read as a card.
 */
export const OFFLINE_TEST_TOKENS = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  rejectedCvv: 'cnon:card-nonce-rejected-cvv',
  rejectedPostcode: 'cnon:card-nonce-rejected-postalcode',
  rejectedExpiration: 'cnon:card-nonce-rejected-expiration',
} as const;

const DECLINES: Record<string, string> = {
  [OFFLINE_TEST_TOKENS.declined]: messages.enrolment.cardDeclined,
  [OFFLINE_TEST_TOKENS.rejectedCvv]: messages.enrolment.cardCvvRejected,
  [OFFLINE_TEST_TOKENS.rejectedPostcode]: messages.enrolment.cardPostcodeRejected,
  [OFFLINE_TEST_TOKENS.rejectedExpiration]: messages.enrolment.cardExpiryRejected,
};

type Entry = typeof offlineProviderLedger.$inferInsert;

/**
 * Like Square, the offline provider remembers every idempotency key it answered, durably (the
 * offline_provider_ledger table), and writes the answer before it gives it: the same key always
 * gets the same answer, and the reconciler can ask what happened to a payment after a crash.
 */
export class OfflineSquareProvider implements PaymentProvider {
  constructor(private readonly db: Db) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const detail = DECLINES[request.sourceId] ?? messages.enrolment.cardNotRecognised;
    const ok = request.sourceId === OFFLINE_TEST_TOKENS.ok;
    return answer(this.db, {
      idempotencyKey: request.idempotencyKey,
      kind: 'payment',
      amountPence: request.amountPence,
      outcome: ok ? 'completed' : 'declined',
      providerReference: ok ? `offline-${randomUUID()}` : null,
      detail: ok ? null : detail,
    });
  }

  /** The ledger's answer; a key it never saw was never charged, and is recorded as declined so it never will be. */
  async reconcile(db: Db, request: Omit<ChargeRequest, 'sourceId'>): Promise<ChargeResult> {
    return answer(db, {
      idempotencyKey: request.idempotencyKey,
      kind: 'payment',
      amountPence: request.amountPence,
      outcome: 'declined',
      providerReference: null,
      detail: messages.enrolment.paymentNotTaken,
    });
  }

  /** Offline refunds always succeed, recorded in the ledger under their own key (once per key). */
  async refund(db: Db, request: RefundRequest): Promise<RefundResult> {
    await db
      .insert(offlineProviderLedger)
      .values({
        idempotencyKey: request.idempotencyKey,
        kind: 'refund',
        amountPence: request.amountPence,
        outcome: 'completed',
        providerReference: `offline-refund-${randomUUID()}`,
        detail: request.reason,
      })
      .onConflictDoNothing();
    const row = one(
      await db
        .select()
        .from(offlineProviderLedger)
        .where(eq(offlineProviderLedger.idempotencyKey, request.idempotencyKey))
        .limit(1),
    );
    return { outcome: 'refunded', refundReference: row.providerReference ?? request.idempotencyKey };
  }
}

/** First writer wins: insert the answer unless the key is known, then return what the ledger holds. */
async function answer(db: Db, entry: Entry): Promise<ChargeResult> {
  await db.insert(offlineProviderLedger).values(entry).onConflictDoNothing();
  const row = one(
    await db
      .select()
      .from(offlineProviderLedger)
      .where(eq(offlineProviderLedger.idempotencyKey, entry.idempotencyKey))
      .limit(1),
  );
  return row.outcome === 'completed' && row.providerReference
    ? { outcome: 'completed', providerReference: row.providerReference }
    : { outcome: 'declined', detail: row.detail ?? messages.enrolment.cardDeclined };
}
