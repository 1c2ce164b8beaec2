import { randomInt } from 'node:crypto';
import { READABLE_ALPHABET } from '@shared/codes';

/** `length` characters drawn uniformly (crypto RNG) from an alphabet without 0/O/1/I. */
export function readableCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return code;
}

/** `VBR-` + 6 characters (docs/product/enrolment.md). Uniqueness is enforced by the database. */
export const newReferralCode = () => `VBR-${readableCode(6)}`;

/** `VBR-` + 10 characters: about 50 bits, unguessable and easy to read aloud. */
export const newCertificateId = () => `VBR-${readableCode(10)}`;
