import { SquareClient, SquareEnvironment, SquareError, SquareTimeoutError } from 'square';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from './provider';
import { ProviderUnavailableError } from './provider';

export interface SquareApiOptions {
  environment: 'sandbox' | 'production';
  accessToken: string;
  locationId: string;
  /** Square's API base URL; only tests point it at a local fake. */
  baseUrl?: string;
  timeoutSeconds?: number;
}

/** Square's card error codes, in the words our client shows. */
const DECLINE_DETAILS: Record<string, string> = {
  GENERIC_DECLINE: messages.enrolment.cardDeclined,
  CARD_DECLINED: messages.enrolment.cardDeclined,
  INSUFFICIENT_FUNDS: messages.enrolment.cardDeclined,
  CVV_FAILURE: messages.enrolment.cardCvvRejected,
  VERIFY_CVV_FAILURE: messages.enrolment.cardCvvRejected,
  ADDRESS_VERIFICATION_FAILURE: messages.enrolment.cardPostcodeRejected,
  VERIFY_AVS_FAILURE: messages.enrolment.cardPostcodeRejected,
  INVALID_EXPIRATION: messages.enrolment.cardExpiryRejected,
  INVALID_CARD: messages.enrolment.cardNotRecognised,
  INVALID_CARD_DATA: messages.enrolment.cardNotRecognised,
  CARD_TOKEN_EXPIRED: messages.enrolment.cardNotRecognised,
  CARD_TOKEN_USED: messages.enrolment.cardNotRecognised,
};

/** SQUARE_ENVIRONMENT=sandbox|production: Square's CreatePayment through the official `square` package. */
export class SquareApiProvider implements PaymentProvider {
  private readonly client: SquareClient;

  constructor(private readonly options: SquareApiOptions) {
    this.client = new SquareClient({
      token: options.accessToken,
      environment: options.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeoutInSeconds: options.timeoutSeconds ?? 20,
      // A retry after a timeout is safe (same idempotency key) but the caller already retries.
      maxRetries: 0,
    });
  }

  /**
   * Square keeps the answer of every idempotency key: replaying CreatePayment with the same key and
   * source returns the payment it made (or makes it now, once). Without the source nothing can be asked.
   */
  async reconcile(
    _db: Db,
    request: Omit<ChargeRequest, 'sourceId'> & { sourceId: string | null },
  ): Promise<ChargeResult> {
    if (!request.sourceId) throw new ProviderUnavailableError('error', 'no card token kept to replay the payment');
    return this.charge({ ...request, sourceId: request.sourceId });
  }

  /** Square's RefundPayment for the whole amount, with our own idempotency key. */
  async refund(_db: Db, request: RefundRequest): Promise<RefundResult> {
    try {
      const response = await this.client.refunds.refundPayment({
        idempotencyKey: request.idempotencyKey,
        paymentId: request.providerReference,
        amountMoney: { amount: BigInt(request.amountPence), currency: request.currency },
        reason: request.reason.slice(0, 192),
      });
      const refund = response.refund;
      if (refund?.id && refund.status !== 'REJECTED' && refund.status !== 'FAILED') {
        return { outcome: 'refunded', refundReference: refund.id };
      }
      return { outcome: 'failed', detail: messages.admin.refundRejected(refund?.status ?? 'no refund') };
    } catch (error) {
      if (error instanceof SquareError && error.statusCode !== undefined && error.statusCode < 500) {
        return { outcome: 'failed', detail: messages.admin.refundRejected(error.errors.map((e) => e.code).join(', ')) };
      }
      throw toUnavailable(error);
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const response = await this.client.payments.create({
        sourceId: request.sourceId,
        idempotencyKey: request.idempotencyKey,
        amountMoney: { amount: BigInt(request.amountPence), currency: request.currency },
        locationId: this.options.locationId,
        referenceId: request.referenceId,
        note: request.note,
        autocomplete: true,
      });
      const payment = response.payment;
      if (payment?.id && (payment.status === 'COMPLETED' || payment.status === 'APPROVED')) {
        return { outcome: 'completed', providerReference: payment.id };
      }
      if (payment?.status === 'FAILED' || payment?.status === 'CANCELED') {
        return { outcome: 'declined', detail: messages.enrolment.cardDeclined };
      }
      throw new ProviderUnavailableError('error', `unexpected payment status ${payment?.status ?? 'none'}`);
    } catch (error) {
      const decline = declineDetail(error);
      if (decline) return { outcome: 'declined', detail: decline };
      throw toUnavailable(error);
    }
  }
}

/** Square's 400/402 answers about the card are declines: a normal outcome with a readable detail. */
function declineDetail(error: unknown): string | null {
  if (!(error instanceof SquareError)) return null;
  if (error.statusCode !== 400 && error.statusCode !== 402) return null;
  const cardError = error.errors.find((e) => e.category === 'PAYMENT_METHOD_ERROR' || DECLINE_DETAILS[e.code]);
  return cardError ? (DECLINE_DETAILS[cardError.code] ?? messages.enrolment.cardDeclined) : null;
}

/** Everything else leaves the outcome unknown. */
function toUnavailable(error: unknown): ProviderUnavailableError {
  if (error instanceof ProviderUnavailableError) return error;
  if (isTimeout(error)) return new ProviderUnavailableError('timeout', 'Square did not answer in time');
  if (error instanceof SquareError) {
    return new ProviderUnavailableError(
      'error',
      `Square answered ${error.statusCode ?? 'without a status'}: ${error.errors.map((e) => e.code).join(', ')}`,
    );
  }
  return new ProviderUnavailableError('error', error instanceof Error ? error.message : 'unknown provider error');
}

/** The SDK reports its own timeout either as SquareTimeoutError or as a status-less SquareError whose cause is "timeout". */
function isTimeout(error: unknown): boolean {
  if (error instanceof SquareTimeoutError) return true;
  return (
    error instanceof SquareError &&
    error.statusCode === undefined &&
    String(error.cause ?? error.message)
      .toLowerCase()
      .includes('timeout')
  );
}
