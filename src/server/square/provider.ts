import type { Db } from '@server/db/client';

/**
 * The card payment provider behind one small interface: Square's offline test tokens or Square's
 * CreatePayment API. A charge either completes, is declined (a normal answer with a detail a person
 * can read), or throws ProviderUnavailableError when the outcome is unknown (timeout, network, 5xx).
 */
export interface ChargeRequest {
  /** The card token from the browser. Never stored or logged. */
  sourceId: string;
  idempotencyKey: string;
  amountPence: number;
  currency: 'GBP';
  /** Shown on the provider's dashboard, e.g. "Enrollment Fee". */
  note: string;
  /** Our payment row id, so the provider's record points back to ours. */
  referenceId: string;
}

export type ChargeResult =
  { outcome: 'completed'; providerReference: string } | { outcome: 'declined'; detail: string };

export interface RefundRequest {
  /** Our own key for the refund (one per payment), so a retried refund refunds once. */
  idempotencyKey: string;
  /** The provider's id of the payment being refunded. */
  providerReference: string;
  amountPence: number;
  currency: 'GBP';
  reason: string;
}

export type RefundResult = { outcome: 'refunded'; refundReference: string } | { outcome: 'failed'; detail: string };

export interface PaymentProvider {
  /** A full refund, on the caller's database handle; throws ProviderUnavailableError when the outcome is unknown. */
  refund(db: Db, request: RefundRequest): Promise<RefundResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What happened to a charge whose answer was lost (a crash, a timeout): asks the provider about the
   * same idempotency key, on the caller's database handle. Completed or declined is final (a charge
   * with that key later gets the same answer); throws ProviderUnavailableError when still unknown.
   * `sourceId` is null when the token was not kept.
   */
  reconcile(db: Db, request: Omit<ChargeRequest, 'sourceId'> & { sourceId: string | null }): Promise<ChargeResult>;
}

/** The outcome is unknown: the payment row stays pending for reconciliation. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly kind: 'timeout' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
