import { randomUUID } from 'node:crypto';
import { messages } from '@shared/messages';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider';

/**
 * SQUARE_ENVIRONMENT=offline: no network. Square's documented sandbox test tokens (DESIGN.md
 * section 6) behave as Square's sandbox does; anything else cannot be read as a card.
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

export class OfflineSquareProvider implements PaymentProvider {
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.sourceId === OFFLINE_TEST_TOKENS.ok) {
      return { outcome: 'completed', providerReference: `offline-${randomUUID()}` };
    }
    return { outcome: 'declined', detail: DECLINES[request.sourceId] ?? messages.enrolment.cardNotRecognised };
  }
}
