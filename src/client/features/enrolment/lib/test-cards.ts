/**
 * Offline mode (docs/product/payments.md): the browser turns Square's sandbox test cards into Square's
 * sandbox test tokens, so card numbers never reach the server.
 */
import { messages } from '@shared/messages';

export interface CardDetails {
  number: string;
  expiry: string;
  cvv: string;
  postcode: string;
}

export type TokenizeResult = { token: string } | { error: string };

const OK_CARD = '4111111111111111';
const DECLINED_CARD = '4000000000000002';

export function tokenizeTestCard(card: CardDetails): TokenizeResult {
  const number = card.number.replace(/\D/g, '');
  const expiry = card.expiry.replace(/\s/g, '');
  const cvv = card.cvv.trim();
  const postcode = card.postcode.trim().toUpperCase();
  if (!number || !expiry || !cvv || !postcode) return { error: messages.enrolment.cardFieldsRequired };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return { error: messages.enrolment.cardExpiryFormat };
  if (number === DECLINED_CARD) return { token: 'cnon:card-nonce-declined' };
  if (number !== OK_CARD) return { error: messages.enrolment.unknownTestCard };
  if (cvv === '911') return { token: 'cnon:card-nonce-rejected-cvv' };
  if (postcode === '99999') return { token: 'cnon:card-nonce-rejected-postalcode' };
  if (expiry === '01/40') return { token: 'cnon:card-nonce-rejected-expiration' };
  return { token: 'cnon:card-nonce-ok' };
}
