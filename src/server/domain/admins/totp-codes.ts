/**
 * TOTP (RFC 6238) through the `otpauth` library: SHA-1, 6 digits, 30-second steps, the settings every
 * authenticator app reads from an otpauth:// URL. The secret is stored encrypted like an ID document
 * (the ID document key ring, the admin's id as additional data), and recovery codes are stored as
 * SHA-256 hashes: they are random (50 bits), so a slow hash would add nothing.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { messages } from '@shared/messages';
import type { PrivateDataKeyRing, SealedDocument } from '@server/crypto/private-data-keys';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (a phone's clock drifts). */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpFor(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: messages.email.siteName,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends) in base32, and its otpauth:// URL. */
export function newTotpSecret(username: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, username).toString() };
}

/** The time step a code belongs to (within the window around `now`), or null when it matches none. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, '');
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code.trim(), timestamp, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The context a secret is sealed with: a row copied to another admin does not decrypt. */
const sealContext = (adminId: string) => `admin-totp:${adminId}`;

export function sealTotpSecret(keys: PrivateDataKeyRing, adminId: string, secretBase32: string) {
  return keys.seal(sealContext(adminId), [Buffer.from(secretBase32, 'utf8')]);
}

export function openTotpSecret(keys: PrivateDataKeyRing, adminId: string, sealed: SealedDocument): string {
  return keys.open(sealContext(adminId), sealed).toString('utf8');
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt` (no 0/o, 1/l/i to misread). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
