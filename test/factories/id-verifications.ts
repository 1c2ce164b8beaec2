/** ID checks through the data layer, and stored (encrypted) ID documents for the tests that read or delete them. */
import type { Db } from '@server/db/client';
import { idDocuments, idVerifications, type IdVerification } from '@server/db/schema';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { one } from '@server/db/rows';

/** A student's ID check; `not_required` is the absence of a row. */
export type IdStatus = 'not_required' | IdVerification['status'];

/**
 * A student's ID check in `status`. Past `required` it says a PNG was uploaded, with no image stored
 * (enough for everything but viewing it; see storeIdDocument). `reviewedAt` dates a decision.
 */
export async function insertIdVerification(
  db: Db,
  studentId: string,
  status: IdVerification['status'],
  { reviewedAt = new Date() }: { reviewedAt?: Date } = {},
): Promise<IdVerification> {
  const withDocument = status !== 'required';
  const reviewed = status === 'approved' || status === 'rejected';
  const row = one(
    await db
      .insert(idVerifications)
      .values({
        studentId,
        status,
        contentType: withDocument ? 'image/png' : null,
        sizeBytes: withDocument ? 100 : null,
        uploadedAt: withDocument ? new Date() : null,
        reviewedAt: reviewed ? reviewedAt : null,
        rejectionReason: status === 'rejected' ? 'The photo is blurred' : null,
      })
      .returning(),
  );
  return row;
}

/** Stores `bytes` as the (encrypted) image of the student's ID check, as an upload would. */
export async function storeIdDocument(db: Db, keys: PrivateDataKeyRing, studentId: string, bytes: Buffer) {
  const sealed = await keys.seal(studentId, [bytes]);
  await db.insert(idDocuments).values({ studentId, ...sealed });
}
