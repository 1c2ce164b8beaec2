/**
 * Unsubscribe tokens: the address itself (lower-cased, base64url) and an HMAC of it keyed with the
 * session secret, so the link in an e-mail works with no table behind it and never expires, and
 * nobody can make one for an address they were not sent. Any change to either part fails the check.
 * The two parts are joined by `~`, not a dot: a page path ending in `.xyz` is answered as a missing
 * file (plugins/spa.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, email: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${email}`).digest('base64url');

export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  tokenFor(email: string): string {
    const address = email.trim().toLowerCase();
    return `${Buffer.from(address).toString('base64url')}~${mac(this.secret, address)}`;
  }

  /** The address a token stands for, or null when it was not made here (forged, cut or garbled). */
  addressOf(token: string): string | null {
    const match = /^([A-Za-z0-9_-]{1,700})~([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const address = Buffer.from(match[1] as string, 'base64url').toString('utf8');
    const expected = Buffer.from(mac(this.secret, address));
    const given = Buffer.from(match[2] as string);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return address;
  }
}
