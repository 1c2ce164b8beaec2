import { ID_UPLOAD_EXTENSIONS, type IdUploadType } from '@shared/id-documents';
import type { Readable } from 'node:stream';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { notFound } from '@server/errors';
import type { DocumentStorage } from '@server/storage/storage';
import { findIdVerification } from './find-id-verification';

/** A student's stored ID document for an admin to view: its bytes, type and a safe file name. */
export async function readIdDocument(
  db: Db,
  storage: DocumentStorage,
  studentId: string,
): Promise<{ stream: Readable; contentType: string; fileName: string; sizeBytes: number | null }> {
  const row = await findIdVerification(db, studentId);
  if (!row?.documentKey || !row.contentType) throw notFound(messages.student.idDocumentNotFound);
  const contentType = row.contentType as IdUploadType;
  let stream: Readable;
  try {
    stream = await storage.read(row.documentKey);
  } catch {
    throw notFound(messages.student.idDocumentNotFound);
  }
  return {
    stream,
    contentType,
    fileName: `id-document.${ID_UPLOAD_EXTENSIONS[contentType]}`,
    sizeBytes: row.sizeBytes,
  };
}
