import { eq } from 'drizzle-orm';
import { ID_UPLOAD_EXTENSIONS, type IdUploadType } from '@shared/id-documents';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { byteaBase64, idDocuments, idVerifications } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';

/**
 * A student's ID document for an admin to view: its bytes (decrypted, and only once the
 * authentication tag checks out), type and a safe file name.
 */
export async function readIdDocument(
  db: Db,
  keys: PrivateDataKeyRing,
  studentId: string,
): Promise<{ bytes: Buffer; contentType: IdUploadType; fileName: string }> {
  const [row] = await db
    .select({
      contentType: idVerifications.contentType,
      keyId: idDocuments.keyId,
      nonce: idDocuments.nonce,
      authTag: idDocuments.authTag,
      ciphertext: byteaBase64(idDocuments.ciphertext),
    })
    .from(idDocuments)
    .innerJoin(idVerifications, eq(idVerifications.studentId, idDocuments.studentId))
    .where(eq(idDocuments.studentId, studentId));
  if (!row?.contentType) throw new DomainError('not_found', messages.student.idDocumentNotFound);
  const contentType = row.contentType as IdUploadType;
  return {
    bytes: keys.open(studentId, row),
    contentType,
    fileName: `id-document.${ID_UPLOAD_EXTENSIONS[contentType]}`,
  };
}
