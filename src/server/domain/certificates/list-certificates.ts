import { count, desc, eq, isNull } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { certificates, students } from '@server/db/schema';

export interface CertificateListRow {
  certificateId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  courseType: CourseType;
  completionDate: string;
  activatedAt: Date | null;
  revokedAt: Date | null;
  revocationReason: string | null;
}

/** The admin Certificates tab: pending first (they need action), then the newest requests. */
export async function listCertificates(db: Db, page: PageRequest): Promise<Page<CertificateListRow>> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        certificateId: certificates.certificateId,
        studentId: certificates.studentId,
        firstName: students.firstName,
        lastName: students.lastName,
        courseType: certificates.courseType,
        completionDate: certificates.completionDate,
        activatedAt: certificates.activatedAt,
        revokedAt: certificates.revokedAt,
        revocationReason: certificates.revocationReason,
      })
      .from(certificates)
      .innerJoin(students, eq(students.id, certificates.studentId))
      .orderBy(desc(isNull(certificates.activatedAt)), desc(certificates.requestedAt), certificates.certificateId)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(certificates),
  ]);
  return { rows, total: one(totals).total };
}
