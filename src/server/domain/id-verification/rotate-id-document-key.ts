import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { byteaBase64, idDocuments } from '@server/db/schema';
import { UnknownIdDocumentKeyError, type PrivateDataKeyRing } from '@server/crypto/private-data-keys';

export interface KeyRotationSummary {
  /** Documents now encrypted with the current key. */
  reencrypted: number;
  /** Documents whose key is not configured (left as they are; give the key in ID_DOCUMENT_OLD_KEYS). */
  unreadable: number;
}

/**
 * Re-encrypts every ID document not yet under the current key (ID_DOCUMENT_KEY) with it, `batchSize`
 * documents per transaction (rows another process is re-encrypting are skipped, SKIP LOCKED). Safe to
 * rerun, and to stop half way: a document is either under its old key or the new one.
 */
export async function rotateIdDocumentKey(
  db: Db,
  keys: PrivateDataKeyRing,
  batchSize = 20,
  onBatch: (summary: KeyRotationSummary) => void = () => {},
): Promise<KeyRotationSummary> {
  const summary: KeyRotationSummary = { reencrypted: 0, unreadable: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
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
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of batch) {
        after = row.studentId;
        let bytes: Buffer;
        try {
          bytes = keys.open(row.studentId, row);
        } catch (error) {
          if (!(error instanceof UnknownIdDocumentKeyError)) throw error;
          summary.unreadable += 1;
          continue;
        }
        const sealed = await keys.seal(row.studentId, [bytes]);
        await tx.update(idDocuments).set(sealed).where(eq(idDocuments.studentId, row.studentId));
        summary.reencrypted += 1;
      }
      return batch.length < batchSize;
    });
    onBatch(summary);
    if (done) return summary;
  }
}

/** How many documents each key encrypts (to warn at start about documents whose key is not configured). */
export function idDocumentKeyUsage(db: Db): Promise<Array<{ keyId: string; documents: number }>> {
  return db.select({ keyId: idDocuments.keyId, documents: count() }).from(idDocuments).groupBy(idDocuments.keyId);
}
