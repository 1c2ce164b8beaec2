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

/** An amount in the smallest unit (pence for GBP), as the provider reported it. */
export interface ProviderMoney {
  pence: number;
  currency: string;
}

/**
 * What the provider reports about money that moved, in this site's terms (the Square adapter
 * translates its webhook events into these: square/webhook-events.ts). `providerStatus` and the
 * dispute's `state` keep the provider's own word, for the log and the admin area.
 */
export type ProviderEvent = { eventId: string; type: string } & (
  | {
      kind: 'payment';
      /** The provider's payment id. */
      reference: string;
      /** Our payment row's id as sent with the charge: identifies a payment still pending here. */
      ourPaymentId?: string;
      status: 'completed' | 'failed' | 'not_final';
      providerStatus: string;
      amount?: ProviderMoney;
      updatedAt: Date | null;
    }
  | {
      kind: 'refund';
      refundId: string;
      /** The provider's id of the refunded payment. */
      paymentReference: string;
      completed: boolean;
      providerStatus: string;
      amount: ProviderMoney;
      reason?: string;
    }
  | {
      kind: 'dispute';
      disputeId: string;
      paymentReference: string;
      state: string;
      /** The bank gave the money back to the cardholder. */
      lost: boolean;
      amount?: ProviderMoney;
      dueAt: Date | null;
      /** When the provider reported this state (null: unknown, taken as now). */
      reportedAt: Date | null;
    }
  | { kind: 'other' }
);
