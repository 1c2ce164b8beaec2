import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import {
  assessmentSubmissions,
  auditLog,
  byteaBase64,
  certificates,
  cohortWaitlist,
  contactMessages,
  emailOutbox,
  erasureRequests,
  idVerifications,
  payments,
  stageProgress,
  type AuditEntry,
  type Certificate,
  type CohortWaitlistEntry,
  type ContactMessage,
  type ErasureRequest,
  type IdVerification,
  type Invoice,
  type Payment,
  type Student,
} from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import { submissionColumns, type SubmissionSummary } from '../assessments/find-assessment';
import { readIdDocument } from '../id-verification/read-id-document';
import { getStudent } from '../students/find-student';
import { listStudentInvoices } from '../invoices/list-invoices';

export interface StudentDataExport {
  student: Student;
  payments: Payment[];
  invoices: Invoice[];
  progress: Array<{ stageNumber: number; completedAt: Date }>;
  idVerification: IdVerification | null;
  /** The ID image, only while the retention job has not deleted it. */
  idDocument: { contentType: string; bytes: Buffer } | null;
  certificates: Certificate[];
  /** Final pieces sent, oldest first, each file decrypted (as the ID image is). */
  assessments: Array<SubmissionSummary & { file: Buffer | null }>;
  /** What was sent and when: never the message's data (a login code, a name typed by someone else). */
  emails: Array<{ template: string; status: string; createdAt: Date; sentAt: Date | null }>;
  audit: AuditEntry[];
  supportMessages: ContactMessage[];
  /** Waitlist entries under their address. */
  waitlists: CohortWaitlistEntry[];
  erasureRequests: ErasureRequest[];
}

/**
 * Everything the site holds about one student (UK GDPR right of access; docs/product/student-area.md,
 * "Your data"), read in one transaction so the parts agree. Only rows that belong to them: by their id,
 * or by their address for support messages they sent and waitlists they joined.
 */
export async function exportStudentData(
  db: Db,
  keys: PrivateDataKeyRing,
  studentId: string,
): Promise<StudentDataExport> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId);
    const byStudent = <T extends { studentId: unknown }>(table: T) => eq(table.studentId as never, student.id);
    const [idVerification = null] = await tx.select().from(idVerifications).where(byStudent(idVerifications));
    const document = await readIdDocument(tx, keys, student.id).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    return {
      student,
      payments: await tx.select().from(payments).where(byStudent(payments)).orderBy(asc(payments.createdAt)),
      invoices: await listStudentInvoices(tx, student.id),
      progress: await tx
        .select({ stageNumber: stageProgress.stageNumber, completedAt: stageProgress.completedAt })
        .from(stageProgress)
        .where(byStudent(stageProgress))
        .orderBy(asc(stageProgress.stageNumber)),
      idVerification,
      idDocument: document && { contentType: document.contentType, bytes: document.bytes },
      certificates: await tx.select().from(certificates).where(byStudent(certificates)),
      assessments: await exportedAssessments(tx, keys, student.id),
      emails: await tx
        .select({
          template: emailOutbox.template,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(byStudent(emailOutbox))
        .orderBy(asc(emailOutbox.createdAt)),
      audit: await tx.select().from(auditLog).where(byStudent(auditLog)).orderBy(asc(auditLog.id)),
      supportMessages: await tx
        .select()
        .from(contactMessages)
        .where(eq(sql`lower(${contactMessages.email})`, student.email.toLowerCase()))
        .orderBy(asc(contactMessages.createdAt)),
      waitlists: await tx
        .select()
        .from(cohortWaitlist)
        .where(eq(sql`lower(${cohortWaitlist.email})`, student.email.toLowerCase()))
        .orderBy(asc(cohortWaitlist.joinedAt)),
      erasureRequests: await tx
        .select()
        .from(erasureRequests)
        .where(byStudent(erasureRequests))
        .orderBy(asc(erasureRequests.requestedAt)),
    };
  });
}

/** The student's final pieces, with each file's bytes decrypted. */
async function exportedAssessments(
  tx: Db,
  keys: PrivateDataKeyRing,
  studentId: string,
): Promise<StudentDataExport['assessments']> {
  const rows = await tx
    .select({
      ...submissionColumns,
      keyId: assessmentSubmissions.keyId,
      nonce: assessmentSubmissions.nonce,
      authTag: assessmentSubmissions.authTag,
      ciphertext: byteaBase64(assessmentSubmissions.ciphertext),
    })
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.studentId, studentId))
    .orderBy(asc(assessmentSubmissions.submittedAt));
  return rows.map(({ keyId, nonce, authTag, ciphertext, ...row }) => ({
    ...row,
    file: keyId && nonce && authTag && ciphertext ? keys.open(studentId, { keyId, nonce, authTag, ciphertext }) : null,
  }));
}
