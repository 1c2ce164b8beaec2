import { asc, eq } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { idVerifications, students } from '@server/db/schema';

export interface PendingIdVerification {
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  courseType: CourseType | null;
  uploadedAt: Date | null;
}

/** Who a document belongs to and when it came: what both ID review lists show of each row. */
export const idReviewStudentColumns = {
  studentId: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  email: students.email,
  courseType: students.courseType,
  uploadedAt: idVerifications.uploadedAt,
};

/** Documents awaiting review, oldest upload first. */
export function listPendingIdVerifications(db: Db): Promise<PendingIdVerification[]> {
  return db
    .select(idReviewStudentColumns)
    .from(idVerifications)
    .innerJoin(students, eq(students.id, idVerifications.studentId))
    .where(eq(idVerifications.status, 'pending'))
    .orderBy(asc(idVerifications.uploadedAt));
}
