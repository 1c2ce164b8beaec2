import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { byteaBase64, idDocuments } from '@server/db/schema';
import {
  UnknownIdDocumentKeyError,
  type PrivateDataKeyRing,
  type SealedDocument,
} from '@server/crypto/private-data-keys';

export interface KeyRotationSummary {
  /** Documents now encrypted with the current key. */
  reencrypted: number;
  /** Documents whose key is not configured (left as they are; give the key in ID_DOCUMENT_OLD_KEYS). */
  unreadable: number;
}

/** A sealed value to re-encrypt: its row's key for the cursor, and the context it was sealed with. */
export interface SealedRow {
  cursor: string;
  context: string;
  sealed: SealedDocument;
}

/**
 * Re-encrypts sealed values with the current key, batch by batch, one transaction each: `nextBatch`
 * reads up to `limit` rows after the cursor not yet under the current key (locked, SKIP LOCKED, so
 * processes running at once share the work), `save` writes a row's new seal. Safe to rerun, and to stop
 * half way: a value is either under its old key or the new one.
 */
export async function reencryptInBatches(
  db: Db,
  keys: PrivateDataKeyRing,
  batchSize: number,
  nextBatch: (tx: Db, after: string, limit: number) => Promise<SealedRow[]>,
  save: (tx: Db, cursor: string, sealed: SealedDocument) => Promise<unknown>,
  onBatch: (summary: KeyRotationSummary) => void = () => {},
): Promise<KeyRotationSummary> {
  const summary: KeyRotationSummary = { reencrypted: 0, unreadable: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await nextBatch(tx, after, batchSize);
      for (const row of batch) {
        after = row.cursor;
        let bytes: Buffer;
        try {
          bytes = keys.open(row.context, row.sealed);
        } catch (error) {
          if (!(error instanceof UnknownIdDocumentKeyError)) throw error;
          summary.unreadable += 1;
          continue;
        }
        await save(tx, row.cursor, await keys.seal(row.context, [bytes]));
        summary.reencrypted += 1;
      }
      return batch.length < batchSize;
    });
    onBatch(summary);
    if (done) return summary;
  }
}

/** Re-encrypts every ID document not yet under the current key (ID_DOCUMENT_KEY), `batchSize` per transaction. */
export function rotateIdDocumentKey(
  db: Db,
  keys: PrivateDataKeyRing,
  batchSize = 20,
  onBatch: (summary: KeyRotationSummary) => void = () => {},
): Promise<KeyRotationSummary> {
  return reencryptInBatches(
    db,
    keys,
    batchSize,
    async (tx, after, limit) =>
      (
        await tx
          .select({
            studentId: idDocuments.studentId,
            keyId: idDocuments.keyId,
            nonce: idDocuments.nonce,
            authTag: idDocuments.authTag,
            ciphertext: byteaBase64(idDocuments.ciphertext),
          })
          .from(idDocuments)
          .where(and(ne(idDocuments.keyId, keys.currentKeyId), gt(idDocuments.studentId, after)))
          .orderBy(asc(idDocuments.studentId))
          .limit(limit)
          .for('update', { skipLocked: true })
      ).map(({ studentId, ...sealed }) => ({ cursor: studentId, context: studentId, sealed })),
    (tx, studentId, sealed) => tx.update(idDocuments).set(sealed).where(eq(idDocuments.studentId, studentId)),
    onBatch,
  );
}

/** How many documents each key encrypts (to warn at start about documents whose key is not configured). */
export function idDocumentKeyUsage(db: Db): Promise<Array<{ keyId: string; documents: number }>> {
  return db.select({ keyId: idDocuments.keyId, documents: count() }).from(idDocuments).groupBy(idDocuments.keyId);
}
