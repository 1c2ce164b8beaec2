import type { Readable } from 'node:stream';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { notFound } from '@server/errors';
import type { DocumentStorage } from '@server/storage/storage';
import { findIdVerification } from './get-id-status';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

/** A student's stored ID document for an admin to view: its bytes, type and a safe file name. */
export async function readIdDocument(
  db: Db,
  storage: DocumentStorage,
  studentId: string,
): Promise<{ stream: Readable; contentType: string; fileName: string; sizeBytes: number | null }> {
  const row = await findIdVerification(db, studentId);
  if (!row?.documentKey || !row.contentType) throw notFound(messages.student.idDocumentNotFound);
  const contentType = row.contentType as keyof typeof EXTENSIONS;
  let stream: Readable;
  try {
    stream = await storage.read(row.documentKey);
  } catch {
    throw notFound(messages.student.idDocumentNotFound);
  }
  return { stream, contentType, fileName: `id-document.${EXTENSIONS[contentType]}`, sizeBytes: row.sizeBytes };
}
