/**
 * The Ed25519 key that signs Open Badges credentials and status lists
 * (docs/decisions/044-open-badges-credential.md). CREDENTIAL_SIGNING_KEY holds a PKCS#8 private key:
 * base64 DER on one line (`openssl genpkey -algorithm ed25519 -outform DER | openssl base64 -A`) or PEM.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** The public half as published in /.well-known/jwks.json (an OKP JWK). */
export interface PublicSigningJwk {
  kty: string;
  crv: string;
  x: string;
}

export const CREDENTIAL_KEY_MESSAGE =
  'must be an Ed25519 private key, PKCS#8 in base64 DER or PEM (generate one with: openssl genpkey -algorithm ed25519 -outform DER | openssl base64 -A)';

/** The private key in `text`, or null when it is not an Ed25519 PKCS#8 key. */
export function parseCredentialSigningKey(text: string): KeyObject | null {
  const value = text.trim().replace(/\\n/g, '\n');
  try {
    const key = value.startsWith('-----BEGIN')
      ? createPrivateKey({ key: value, format: 'pem' })
      : /^[A-Za-z0-9+/]+={0,2}$/.test(value)
        ? createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' })
        : null;
    return key?.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** A new key in the one-line form CREDENTIAL_SIGNING_KEY takes (embedded mode writes it into DATA_DIR). */
export function generateCredentialSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

export function publicSigningJwk(privateKey: KeyObject): PublicSigningJwk {
  const { kty, crv, x } = createPublicKey(privateKey).export({ format: 'jwk' });
  if (kty !== 'OKP' || crv !== 'Ed25519' || !x) throw new Error('The credential signing key is not Ed25519');
  return { kty, crv, x };
}

/** RFC 7638 JWK thumbprint (SHA-256, base64url): the key's `kid`. */
export function jwkThumbprint(jwk: PublicSigningJwk): string {
  // The required members in lexicographic order, no whitespace (RFC 8037 §2 for OKP).
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}
