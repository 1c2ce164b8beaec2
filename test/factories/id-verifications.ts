/** ID checks through the data layer, and stored ID documents for the tests that read or delete them. */
import { Readable } from 'node:stream';
import type { Db } from '@server/db/client';
import { idVerifications, type IdVerification } from '@server/db/schema';
import type { DocumentStorage } from '@server/storage/storage';
import { one } from '@server/db/rows';

/** A student's ID check; `not_required` is the absence of a row. */
export type IdStatus = 'not_required' | IdVerification['status'];

/** The columns of an ID check that point at its document. */
export interface IdDocument {
  documentKey: string;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  sizeBytes: number;
}

/**
 * A student's ID check in `status`. Past `required` it has a document: by default a PNG key with no
 * file behind it (enough for everything but reading or deleting the file; see storeIdDocument).
 */
export async function insertIdVerification(
  db: Db,
  studentId: string,
  status: IdVerification['status'],
  document: IdDocument = {
    documentKey: `00000000-0000-4000-8000-${studentId.slice(-12)}.png`,
    contentType: 'image/png',
    sizeBytes: 100,
  },
): Promise<IdVerification> {
  const withDocument = status !== 'required';
  const reviewed = status === 'approved' || status === 'rejected';
  const row = one(
    await db
      .insert(idVerifications)
      .values({
        studentId,
        status,
        documentKey: withDocument ? document.documentKey : null,
        contentType: withDocument ? document.contentType : null,
        sizeBytes: withDocument ? document.sizeBytes : null,
        uploadedAt: withDocument ? new Date() : null,
        reviewedAt: reviewed ? new Date() : null,
        rejectionReason: status === 'rejected' ? 'The photo is blurred' : null,
      })
      .returning(),
  );
  return row;
}

/** Writes `bytes` to the app's document storage, as an upload would, and returns the columns that point at it. */
export async function storeIdDocument(storage: DocumentStorage, bytes: Buffer): Promise<IdDocument> {
  const documentKey = storage.newKey('png');
  const { sizeBytes } = await storage.write(documentKey, Readable.from([bytes]));
  return { documentKey, contentType: 'image/png', sizeBytes };
}
