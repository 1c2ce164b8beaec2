import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { assessmentSubmissions, byteaBase64 } from '@server/db/schema';
import { UnknownIdDocumentKeyError, type PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import type { KeyRotationSummary } from '../id-verification/rotate-id-document-key';

/**
 * Re-encrypts the final pieces' files with the current key, as `rotate-id-key` does for ID documents
 * (they share the key ring): a few files per transaction, as a file may be 25 MB. Safe to rerun.
 */
export async function rotateAssessmentKey(
  db: Db,
  keys: PrivateDataKeyRing,
  batchSize = 5,
): Promise<KeyRotationSummary> {
  const summary: KeyRotationSummary = { reencrypted: 0, unreadable: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
        .select({
          id: assessmentSubmissions.id,
          studentId: assessmentSubmissions.studentId,
          keyId: assessmentSubmissions.keyId,
          nonce: assessmentSubmissions.nonce,
          authTag: assessmentSubmissions.authTag,
          ciphertext: byteaBase64(assessmentSubmissions.ciphertext),
        })
        .from(assessmentSubmissions)
        .where(
          and(
            isNotNull(assessmentSubmissions.keyId),
            ne(assessmentSubmissions.keyId, keys.currentKeyId),
            gt(assessmentSubmissions.id, after),
          ),
        )
        .orderBy(asc(assessmentSubmissions.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of batch) {
        after = row.id;
        const { keyId, nonce, authTag } = row;
        if (!keyId || !nonce || !authTag) continue;
        let bytes: Buffer;
        try {
          bytes = keys.open(row.studentId, { keyId, nonce, authTag, ciphertext: row.ciphertext });
        } catch (error) {
          if (!(error instanceof UnknownIdDocumentKeyError)) throw error;
          summary.unreadable += 1;
          continue;
        }
        const sealed = await keys.seal(row.studentId, [bytes]);
        await tx.update(assessmentSubmissions).set(sealed).where(eq(assessmentSubmissions.id, row.id));
        summary.reencrypted += 1;
      }
      return batch.length < batchSize;
    });
    if (done) return summary;
  }
}
