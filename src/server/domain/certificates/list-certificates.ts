import { count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminCertificatesResponse } from '@shared/schemas/certificates';
import type { Db } from '@server/db/client';
import { certificates, students } from '@server/db/schema';

/** The admin Certificates tab: pending first (they need action), then the newest requests. */
export async function listCertificates(
  db: Db,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AdminCertificatesResponse> {
  const rows = await db
    .select({
      certificateId: certificates.certificateId,
      studentId: certificates.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      courseType: certificates.courseType,
      completionDate: certificates.completionDate,
      activatedAt: certificates.activatedAt,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .orderBy(desc(isNull(certificates.activatedAt)), desc(certificates.requestedAt), certificates.certificateId)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(certificates);
  return {
    certificates: rows.map((row) => ({
      certificate_id: row.certificateId,
      student_id: row.studentId,
      student_name: `${row.firstName} ${row.lastName}`,
      course_type: row.courseType,
      completion_date: row.completionDate,
      activated: row.activatedAt !== null,
    })),
    total,
    page,
    page_size: pageSize,
  };
}
