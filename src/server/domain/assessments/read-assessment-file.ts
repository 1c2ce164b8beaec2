import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { assessmentSubmissions, byteaBase64 } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';

/** A submitted file, decrypted only once its authentication tag checks out, with its type and name. */
export async function readAssessmentFile(
  db: Db,
  keys: PrivateDataKeyRing,
  submissionId: string,
): Promise<{ studentId: string; bytes: Buffer; contentType: string; fileName: string }> {
  const [row] = await db
    .select({
      studentId: assessmentSubmissions.studentId,
      contentType: assessmentSubmissions.contentType,
      fileName: assessmentSubmissions.fileName,
      keyId: assessmentSubmissions.keyId,
      nonce: assessmentSubmissions.nonce,
      authTag: assessmentSubmissions.authTag,
      ciphertext: byteaBase64(assessmentSubmissions.ciphertext),
    })
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.id, submissionId));
  if (!row) throw new DomainError('not_found', messages.assessment.notFound);
  const { keyId, nonce, authTag, ciphertext, contentType, fileName } = row;
  if (!keyId || !nonce || !authTag || !ciphertext || !contentType || !fileName)
    throw new DomainError('not_found', messages.assessment.noFile);
  return {
    studentId: row.studentId,
    bytes: keys.open(row.studentId, { keyId, nonce, authTag, ciphertext }),
    contentType,
    fileName,
  };
}
