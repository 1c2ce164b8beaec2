/**
 * The private data kept at rest, ID document images and admins' two-factor secrets, is encrypted with
 * AES-256-GCM under ID_DOCUMENT_KEY (docs/decisions/018-id-documents-in-database.md): a random 12-byte
 * nonce per value, the 16-byte authentication tag and the id of the key stored with the ciphertext,
 * and the owner's id as additional authenticated data, so a value cannot be moved to another row.
 * Keys never reach the logs.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const ID_DOCUMENT_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const ALGORITHM = 'aes-256-gcm';

/** What is stored for one document. */
export interface SealedDocument {
  keyId: string;
  nonce: Buffer;
  authTag: Buffer;
  ciphertext: Buffer;
}

/** A key's id: the first 16 hex digits of its SHA-256, so the same key has the same id in every process. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** The key new values are encrypted with, and older keys still accepted for reading (during a rotation). */
export class PrivateDataKeyRing {
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(current: Buffer, older: Buffer[] = []) {
    for (const key of [current, ...older]) {
      if (key.length !== ID_DOCUMENT_KEY_BYTES) throw new Error('an ID document key must be 32 bytes');
      this.keys.set(keyIdOf(key), key);
    }
    this.currentKeyId = keyIdOf(current);
  }

  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /**
   * Encrypts chunks as they arrive (the plaintext is never held whole) with the current key. `context`
   * (the student's id) is authenticated with the ciphertext. A failing source rejects.
   */
  async seal(context: string, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<SealedDocument> {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key(this.currentKeyId), nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(cipher.update(chunk));
    parts.push(cipher.final());
    return { keyId: this.currentKeyId, nonce, authTag: cipher.getAuthTag(), ciphertext: Buffer.concat(parts) };
  }

  /** The plaintext, only once its authentication tag checks out (throws otherwise, or for an unknown key). */
  open(context: string, sealed: SealedDocument): Buffer {
    const decipher = createDecipheriv(ALGORITHM, this.key(sealed.keyId), sealed.nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  }

  private key(keyId: string): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new UnknownIdDocumentKeyError(keyId);
    return key;
  }
}

/** A document encrypted with a key that is neither ID_DOCUMENT_KEY nor one of ID_DOCUMENT_OLD_KEYS. */
export class UnknownIdDocumentKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`ID document key ${keyId} is not configured (ID_DOCUMENT_KEY / ID_DOCUMENT_OLD_KEYS)`);
    this.name = 'UnknownIdDocumentKeyError';
  }
}
