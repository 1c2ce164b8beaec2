import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Square's webhook signature (docs/deploy.md): base64 of HMAC-SHA256, keyed with the subscription's
 * signature key, over the notification URL followed by the raw body, exactly as received. Checked
 * on the bytes before anything parses them, with a constant-time comparison (Square's own helper
 * compares with `===`, docs/decisions/039).
 */
export function squareSignature(signatureKey: string, notificationUrl: string, rawBody: Buffer): string {
  return createHmac('sha256', signatureKey).update(notificationUrl, 'utf8').update(rawBody).digest('base64');
}

export function isValidSquareSignature(
  options: { signatureKey: string; notificationUrl: string },
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || header.length === 0) return false;
  const expected = Buffer.from(squareSignature(options.signatureKey, options.notificationUrl, rawBody));
  const given = Buffer.from(header.trim());
  // timingSafeEqual needs equal lengths; a length mismatch says nothing about the key.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
