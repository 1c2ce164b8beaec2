import { asc, eq } from 'drizzle-orm';
import type { PendingIdVerification } from '@shared/schemas/id-verification';
import type { Db } from '@server/db/client';
import { idVerifications, students } from '@server/db/schema';

/** The admin path that streams a student's document (needs the admin token). */
export const idDocumentPath = (studentId: string) => `/api/admin/id-verifications/${studentId}/document`;

/** Documents awaiting review, oldest upload first. */
export async function listPendingIdVerifications(db: Db): Promise<PendingIdVerification[]> {
  const rows = await db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      courseType: students.courseType,
      uploadedAt: idVerifications.uploadedAt,
    })
    .from(idVerifications)
    .innerJoin(students, eq(students.id, idVerifications.studentId))
    .where(eq(idVerifications.status, 'pending'))
    .orderBy(asc(idVerifications.uploadedAt));
  return rows.map((row) => ({
    student_id: row.studentId,
    student_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    course_type: row.courseType ?? null,
    uploaded_date: (row.uploadedAt ?? new Date(0)).toISOString(),
    id_document_url: idDocumentPath(row.studentId),
  }));
}
