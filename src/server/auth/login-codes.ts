/**
 * Sign-in codes (STUDENT_LOGIN=code): six random digits, stored only as an HMAC keyed with the
 * session secret, so a copy of the database does not reveal a valid code (a plain hash of six
 * digits would be reversed in a moment).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const LOGIN_CODE_VALID_MINUTES = 10;
/** Wrong tries after which the code is invalid. */
export const LOGIN_CODE_MAX_FAILURES = 5;

export const newLoginCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export class LoginCodeHasher {
  constructor(private readonly secret: string) {}

  hash(studentId: string, code: string): string {
    return createHmac('sha256', this.secret).update(`login-code:${studentId}:${code}`).digest('base64url');
  }

  matches(studentId: string, code: string, stored: string): boolean {
    const a = Buffer.from(this.hash(studentId, code));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
