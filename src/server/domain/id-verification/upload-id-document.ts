import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ID_UPLOAD_EXTENSIONS, ID_UPLOAD_MAX_BYTES, type IdUploadType } from '@shared/id-documents';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { eq } from 'drizzle-orm';
import { idDocuments, idVerifications, students, type IdVerification } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { discardRest, nextChunk, readHead, type ChunkIterator } from '@server/storage/upload-stream';
import type { PrivateDataKeyRing, SealedDocument } from '@server/crypto/private-data-keys';
import { canUploadId, findIdVerification, idStatusOf } from './find-id-verification';
import { one } from '@server/db/rows';
import { enqueueEmail } from '../email/enqueue-email';
import { fullName, getStudent } from '../students/find-student';

/** What the first bytes of a file may be (never the name or the declared type). */
const ACCEPTED = ID_UPLOAD_EXTENSIONS;
type AcceptedType = IdUploadType;

const INTERRUPTED = messages.student.idUploadInterrupted;
const tooLarge = () => new DomainError('too_large', messages.student.idFileSize);

export interface IncomingFile {
  /** The file's bytes as they arrive. */
  stream: Readable;
  /** True when the multipart parser cut the file at its size limit. */
  truncated: () => boolean;
}

async function detectType(head: Buffer): Promise<AcceptedType> {
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!detected || !(detected.mime in ACCEPTED)) throw new DomainError('invalid', messages.student.idFileType);
  return detected.mime as AcceptedType;
}

/** The file's first bytes and its type, read once the student may upload at all. */
interface FileStart {
  head: Buffer;
  ended: boolean;
  contentType: AcceptedType;
}

/** Refuses before reading when no upload is allowed, then reads the head and detects the type. */
async function startFile(db: Db, studentId: string, iterator: ChunkIterator): Promise<FileStart> {
  try {
    const before = await findIdVerification(db, studentId);
    if (!canUploadId(before)) throw uploadRefused(idStatusOf(before));
    const { head, ended } = await readHead(iterator, INTERRUPTED);
    return { head, ended, contentType: await detectType(head) };
  } catch (error) {
    await discardRest(iterator);
    throw error;
  }
}

/** Encrypts the file as it arrives, counting its size: past the limit it is refused as it streams. */
async function sealCounted(
  keys: PrivateDataKeyRing,
  studentId: string,
  file: IncomingFile,
  iterator: ChunkIterator,
  { head, ended }: FileStart,
): Promise<{ sealed: SealedDocument; sizeBytes: number }> {
  let sizeBytes = 0;
  const counted = (chunk: Buffer): Buffer => {
    sizeBytes += chunk.length;
    if (sizeBytes > ID_UPLOAD_MAX_BYTES) throw tooLarge();
    return chunk;
  };
  try {
    const sealed = await keys.seal(
      studentId,
      (async function* () {
        yield counted(head);
        if (ended) return;
        for (
          let next = await nextChunk(iterator, INTERRUPTED);
          !next.done;
          next = await nextChunk(iterator, INTERRUPTED)
        )
          yield counted(next.value);
      })(),
    );
    if (file.truncated()) throw tooLarge();
    return { sealed, sizeBytes };
  } catch (error) {
    await discardRest(iterator);
    throw error;
  }
}

/** The whole file has arrived (at `now`): its verification row and document, written together. */
function storeUpload(
  db: Db,
  studentId: string,
  { contentType, sizeBytes, sealed }: { contentType: AcceptedType; sizeBytes: number; sealed: SealedDocument },
  notify: { adminNotifyEmail?: string },
  now: Date,
): Promise<IdVerification> {
  return db.transaction(async (tx) => {
    // Lock the student row: it always exists, unlike the verification row of a first upload, so
    // concurrent uploads of one student are serialised and the later ones see the first one's row.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('update');
    const current = await findIdVerification(tx, studentId, true);
    if (!canUploadId(current)) throw uploadRefused(idStatusOf(current));
    const values = {
      status: 'pending' as const,
      documentKey: null,
      contentType,
      sizeBytes,
      uploadedAt: now,
      reviewedAt: null,
      reviewedBy: null,
      rejectionReason: null,
      documentDeletedAt: null,
    };
    const row = one(
      await tx
        .insert(idVerifications)
        .values({ studentId, ...values })
        .onConflictDoUpdate({ target: idVerifications.studentId, set: values })
        .returning(),
    );
    // The previous document, if any, is replaced (deleted, then the new one written: one base64 parameter).
    await tx.delete(idDocuments).where(eq(idDocuments.studentId, studentId));
    await tx.insert(idDocuments).values({ studentId, ...sealed });
    // The admins' notification (when ADMIN_NOTIFY_EMAIL is set), in the upload's transaction.
    if (notify.adminNotifyEmail) {
      const student = await getStudent(tx, studentId);
      await enqueueEmail(
        tx,
        { template: 'admin-new-id', to: notify.adminNotifyEmail, data: { studentName: fullName(student) } },
        now,
      );
    }
    return row;
  });
}

/**
 * Stores a student's ID document, encrypted, and puts it under review. The type comes from the first
 * bytes, and the size is counted while the bytes are encrypted as they arrive; the document is written
 * (with its verification row) in one transaction only once the whole file has arrived, so a rejected
 * or aborted upload leaves nothing. A re-upload replaces the previous document in that transaction.
 */
export async function uploadIdDocument(
  db: Db,
  keys: PrivateDataKeyRing,
  studentId: string,
  file: IncomingFile,
  notify: { adminNotifyEmail?: string },
  /** The app's clock: read once the whole file has arrived. */
  clock: () => Date,
): Promise<IdVerification> {
  const iterator = file.stream[Symbol.asyncIterator]() as ChunkIterator;
  const start = await startFile(db, studentId, iterator);
  const { sealed, sizeBytes } = await sealCounted(keys, studentId, file, iterator, start);
  return storeUpload(db, studentId, { contentType: start.contentType, sizeBytes, sealed }, notify, clock());
}

function uploadRefused(status: string): DomainError {
  return new DomainError(
    'conflict',
    status === 'approved' ? messages.student.idAlreadyApproved : messages.student.idUnderReview,
  );
}
