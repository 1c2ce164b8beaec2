/**
 * Signing with the credential key (docs/decisions/044-open-badges-credential.md): a VC-JWT is a
 * compact JWS, EdDSA over Ed25519, whose payload is the credential itself. Each key's public half is
 * kept in credential_signing_keys so credentials signed before a rotation still verify.
 */
import type { KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';
import type { Db } from '@server/db/client';
import { credentialSigningKeys } from '@server/db/schema';
import { jwkThumbprint, publicSigningJwk } from '@server/crypto/credential-signing-key';

export interface CredentialSigner {
  privateKey: KeyObject;
  kid: string;
}

export interface PublishedJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export function credentialSigner(privateKey: KeyObject): CredentialSigner {
  return { privateKey, kid: jwkThumbprint(publicSigningJwk(privateKey)) };
}

/** Records the current public key (once; a restart or a second process changes nothing). */
export async function publishSigningKey(db: Db, signer: CredentialSigner): Promise<void> {
  await db
    .insert(credentialSigningKeys)
    .values({ kid: signer.kid, publicJwk: publicSigningJwk(signer.privateKey) })
    .onConflictDoNothing();
}

/** Every key ever used, oldest first: the JSON Web Key Set verifiers fetch. */
export async function publishedSigningKeys(db: Db): Promise<PublishedJwk[]> {
  const rows = await db
    .select()
    .from(credentialSigningKeys)
    .orderBy(credentialSigningKeys.createdAt, credentialSigningKeys.kid);
  return rows.map((row) => ({ ...row.publicJwk, kid: row.kid, alg: 'EdDSA', use: 'sig' }));
}

/** A VC-JWT (header alg EdDSA, kid, typ vc+jwt) over `credential`. */
export function signVcJwt(signer: CredentialSigner, credential: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(credential)))
    .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ: 'vc+jwt' })
    .sign(signer.privateKey);
}
