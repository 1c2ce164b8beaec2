import type { TokenizeResult } from '../lib/test-cards';

/** What step 4 needs from either card form: a token for the card, or a message for the person. */
export interface CardForm {
  tokenize(): Promise<TokenizeResult>;
}
