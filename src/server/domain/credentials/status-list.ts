/**
 * Revocation status (W3C Bitstring Status List v1.0): each certificate owns bit `status_index` for
 * good; list n holds indexes n × LIST_BITS … (n + 1) × LIST_BITS − 1. A list is computed from the
 * database on each request, so a revocation or reinstatement shows at once (no cache to forget).
 */
import { gzipSync } from 'node:zlib';
import { and, gte, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { certificates } from '@server/db/schema';
import { signVcJwt, type CredentialSigner } from './signing';
import { issuerProfile, VC_CONTEXT, vcDateTime } from './issuer';

/** The spec's minimum (16 KB), which also hides which few certificates a list holds. */
export const LIST_BITS = 131_072;

export const statusListUrl = (publicUrl: string, list: number) => `${publicUrl}/api/credentials/status/${list}`;

/** A credential's credentialStatus. */
export function statusListEntry(publicUrl: string, statusIndex: number) {
  const list = Math.floor(statusIndex / LIST_BITS);
  const index = statusIndex % LIST_BITS;
  return {
    id: `${statusListUrl(publicUrl, list)}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: statusListUrl(publicUrl, list),
  };
}

/** Multibase base64url ("u") of the GZIP-compressed bitstring; bit 0 is the first byte's highest bit. */
export function encodeBitstring(setBits: Iterable<number>): string {
  const bytes = new Uint8Array(LIST_BITS / 8);
  for (const bit of setBits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** GET /api/credentials/status/{list}: the signed BitstringStatusListCredential. */
export async function statusListCredential(
  db: Db,
  list: number,
  publicUrl: string,
  signer: CredentialSigner,
  now: Date,
): Promise<string> {
  const first = list * LIST_BITS;
  const revoked = await db
    .select({ statusIndex: certificates.statusIndex })
    .from(certificates)
    .where(
      and(
        isNotNull(certificates.revokedAt),
        gte(certificates.statusIndex, first),
        lt(certificates.statusIndex, first + LIST_BITS),
      ),
    );
  const issuer = issuerProfile(publicUrl);
  const id = statusListUrl(publicUrl, list);
  return signVcJwt(signer, {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: vcDateTime(now),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeBitstring(revoked.map((row) => row.statusIndex - first)),
    },
    iss: issuer.id,
    iat: Math.floor(now.getTime() / 1000),
  });
}
