import { and, asc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { assessmentSubmissions, byteaBase64 } from '@server/db/schema';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { reencryptInBatches, type KeyRotationSummary } from '../id-verification/rotate-id-document-key';

/**
 * Re-encrypts the final pieces' files with the current key, as `rotate-id-key` does for ID documents
 * (they share the key ring): a few files per transaction, as a file may be 25 MB. Safe to rerun.
 */
export function rotateAssessmentKey(db: Db, keys: PrivateDataKeyRing, batchSize = 5): Promise<KeyRotationSummary> {
  return reencryptInBatches(
    db,
    keys,
    batchSize,
    async (tx, after, limit) =>
      (
        await tx
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
              // File pieces only: a submission stores its key id, nonce and tag with its ciphertext.
              isNotNull(assessmentSubmissions.keyId),
              isNotNull(assessmentSubmissions.nonce),
              isNotNull(assessmentSubmissions.authTag),
              ne(assessmentSubmissions.keyId, keys.currentKeyId),
              gt(assessmentSubmissions.id, after),
            ),
          )
          .orderBy(asc(assessmentSubmissions.id))
          .limit(limit)
          .for('update', { skipLocked: true })
      ).map(({ id, studentId, keyId, nonce, authTag, ciphertext }) => ({
        cursor: id,
        context: studentId,
        sealed: { keyId: keyId!, nonce: nonce!, authTag: authTag!, ciphertext },
      })),
    (tx, id, sealed) => tx.update(assessmentSubmissions).set(sealed).where(eq(assessmentSubmissions.id, id)),
  );
}
