import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { idDocuments, idVerifications, students } from '@server/db/schema';
import { idReviewStudentColumns } from './list-pending-id-verifications';

export interface DecidedIdVerification {
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  courseType: CourseType | null;
  status: 'approved' | 'rejected';
  uploadedAt: Date | null;
  reviewedAt: Date | null;
  rejectionReason: string | null;
  /** False once the retention job deleted the image (or before it was moved in from a disk). */
  hasDocument: boolean;
  documentDeletedAt: Date | null;
}

/** The most recent decisions, newest first: the decision stays after its image is deleted. */
export async function listDecidedIdVerifications(db: Db, limit: number): Promise<DecidedIdVerification[]> {
  const rows = await db
    .select({
      ...idReviewStudentColumns,
      status: idVerifications.status,
      reviewedAt: idVerifications.reviewedAt,
      rejectionReason: idVerifications.rejectionReason,
      hasDocument: sql<boolean>`exists (select 1 from ${idDocuments} where ${idDocuments.studentId} = ${idVerifications.studentId})`,
      documentDeletedAt: idVerifications.documentDeletedAt,
    })
    .from(idVerifications)
    .innerJoin(students, eq(students.id, idVerifications.studentId))
    .where(inArray(idVerifications.status, ['approved', 'rejected']))
    .orderBy(desc(idVerifications.reviewedAt), idVerifications.studentId)
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status as DecidedIdVerification['status'] }));
}
