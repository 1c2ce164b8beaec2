/**
 * One-time sign-in links (docs/decisions/043-student-session-and-sign-in-links.md): a random 32-byte
 * secret in the e-mail, stored only as an HMAC keyed with the session secret, so a copy of the
 * database holds no working link.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const LOGIN_LINK_VALID_MINUTES = 30;

export const newLoginLinkSecret = () => randomBytes(32).toString('base64url');

export class LoginLinkHasher {
  constructor(private readonly secret: string) {}

  hash(link: string): string {
    return createHmac('sha256', this.secret).update(`login-link:${link}`).digest('base64url');
  }
}
