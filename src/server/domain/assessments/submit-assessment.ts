import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  ASSESSMENT_EXTENSIONS,
  ASSESSMENT_FILE_TYPES,
  ASSESSMENT_MAX_BYTES,
  type AssessmentFileType,
} from '@shared/assessments';
import { messages } from '@shared/messages';
import { formatLongDate, londonIsoDate } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { assessmentSubmissions, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { discardRest, nextChunk, readHead, type ChunkIterator } from '@server/storage/upload-stream';
import type { PrivateDataKeyRing, SealedDocument } from '@server/crypto/private-data-keys';
import { enqueueEmail } from '../email/enqueue-email';
import { findIdVerification } from '../id-verification/find-id-verification';
import { fullName, getStudent } from '../students/find-student';
import { lastStageOpensOn, latestSubmission, type SubmissionSummary } from './find-assessment';

const m = messages.assessment;

/** What the submission route passes on: the setting in force and who to tell of a new piece. */
export interface SubmitContext {
  required: boolean;
  adminNotifyEmail?: string;
}

/** The one file of a multipart body, as it arrives. */
export interface IncomingPiece {
  stream: Readable;
  /** True when the multipart parser cut the file at its size limit. */
  truncated: () => boolean;
  /** The name the student's computer gave it (kept only as a cleaned-up label). */
  fileName: string;
  note?: string;
}

/**
 * Whether the student may submit now (docs/product/student-area.md, "Final assessment"): the setting is
 * on, the course is paid and the ID approved, the last stage has opened (UK day; no start date: no
 * wait), and the newest submission is neither waiting nor passed. Throws the refusal.
 */
async function assertCanSubmit(tx: Db, studentId: string, context: SubmitContext, now: Date): Promise<void> {
  if (!context.required) throw new DomainError('conflict', m.notRequired);
  const student = await getStudent(tx, studentId);
  if (!student.coursePaid || !student.courseType)
    throw new DomainError('forbidden', messages.student.progressNeedsCoursePaid);
  if ((await findIdVerification(tx, studentId))?.status !== 'approved')
    throw new DomainError('forbidden', messages.student.progressNeedsIdApproval);
  const opensOn = lastStageOpensOn(student);
  if (opensOn && londonIsoDate(now) < opensOn)
    throw new DomainError('conflict', m.lastStageNotOpen(formatLongDate(opensOn)));
  const latest = await latestSubmission(tx, studentId);
  if (latest?.status === 'pending') throw new DomainError('conflict', m.alreadyPending);
  if (latest?.status === 'passed') throw new DomainError('conflict', m.alreadyPassed);
}

type Piece =
  | { kind: 'link'; url: string; note: string | null }
  | {
      kind: 'file';
      fileName: string;
      contentType: AssessmentFileType;
      sizeBytes: number;
      sealed: SealedDocument;
      note: string | null;
    };

/** Writes the piece once the student row is locked and the rules still hold; staff are told in the same transaction. */
function storePiece(
  db: Db,
  studentId: string,
  piece: Piece,
  context: SubmitContext,
  now: Date,
): Promise<SubmissionSummary> {
  return db.transaction(async (tx) => {
    // Two submissions of one student at once: the second waits here and then sees the first as pending.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('update');
    await assertCanSubmit(tx, studentId, context, now);
    const values =
      piece.kind === 'link'
        ? { url: piece.url, note: piece.note }
        : {
            note: piece.note,
            fileName: piece.fileName,
            contentType: piece.contentType,
            sizeBytes: piece.sizeBytes,
            ...piece.sealed,
          };
    const row = one(
      await tx
        .insert(assessmentSubmissions)
        .values({ studentId, submittedAt: now, status: 'pending', ...values })
        .returning({ id: assessmentSubmissions.id }),
    );
    if (context.adminNotifyEmail) {
      const student = await getStudent(tx, studentId);
      await enqueueEmail(
        tx,
        { template: 'admin-new-assessment', to: context.adminNotifyEmail, data: { studentName: fullName(student) } },
        now,
      );
    }
    const latest = await latestSubmission(tx, studentId);
    if (latest?.id !== row.id) throw new Error('the new submission is not the newest');
    return latest;
  });
}

/** A link to the piece (https, checked by the body's schema) with an optional note. */
export function submitAssessmentLink(
  db: Db,
  studentId: string,
  link: { url: string; note?: string },
  context: SubmitContext,
  now: Date,
): Promise<SubmissionSummary> {
  return storePiece(db, studentId, { kind: 'link', url: link.url, note: link.note || null }, context, now);
}

/** The chunks of the file, the first ones joined into `head` for the type check, counted against the limit. */
async function* countedChunks(head: Buffer, ended: boolean, iterator: ChunkIterator, onSize: (bytes: number) => void) {
  let size = 0;
  const counted = (chunk: Buffer) => {
    size += chunk.length;
    if (size > ASSESSMENT_MAX_BYTES) throw new DomainError('too_large', m.fileSize);
    onSize(size);
    return chunk;
  };
  if (head.length > 0) yield counted(head);
  if (ended) return;
  for (
    let next = await nextChunk(iterator, m.uploadInterrupted);
    !next.done;
    next = await nextChunk(iterator, m.uploadInterrupted)
  )
    yield counted(next.value);
}

async function detectType(head: Buffer): Promise<AssessmentFileType> {
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  if (!detected || !(ASSESSMENT_FILE_TYPES as readonly string[]).includes(detected.mime))
    throw new DomainError('invalid', m.fileType);
  return detected.mime as AssessmentFileType;
}

/** A label safe in a header and on screen: letters, digits, dot, dash, underscore and space; the detected type's extension. */
export function cleanFileName(name: string, type: AssessmentFileType): string {
  const extension = ASSESSMENT_EXTENSIONS[type];
  const base = name
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .replace(/^[.\s_-]+|[\s_]+$/g, '')
    .slice(0, 100);
  return `${base || 'final-piece'}.${extension}`;
}

/**
 * A file as the final piece: refused before reading when the student may not submit, then typed by its
 * first bytes, encrypted as it arrives (counted against ASSESSMENT_MAX_BYTES) and written in one
 * transaction once it has all arrived, so a refused or aborted upload leaves nothing.
 */
export async function submitAssessmentFile(
  db: Db,
  keys: PrivateDataKeyRing,
  studentId: string,
  file: IncomingPiece,
  context: SubmitContext,
  clock: () => Date,
): Promise<SubmissionSummary> {
  const iterator = file.stream[Symbol.asyncIterator]() as ChunkIterator;
  let contentType: AssessmentFileType;
  let sizeBytes = 0;
  let sealed: SealedDocument;
  try {
    await assertCanSubmit(db, studentId, context, clock());
    const { head, ended } = await readHead(iterator, m.uploadInterrupted);
    contentType = await detectType(head);
    sealed = await keys.seal(
      studentId,
      countedChunks(head, ended, iterator, (size) => (sizeBytes = size)),
    );
    if (file.truncated()) throw new DomainError('too_large', m.fileSize);
  } catch (error) {
    await discardRest(iterator);
    throw error;
  }
  const piece: Piece = {
    kind: 'file',
    fileName: cleanFileName(file.fileName, contentType),
    contentType,
    sizeBytes,
    sealed,
    note: file.note || null,
  };
  return storePiece(db, studentId, piece, context, clock());
}
