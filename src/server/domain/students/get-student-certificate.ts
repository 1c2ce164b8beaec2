import { eq } from 'drizzle-orm';
import { CERTIFICATE_SIGNATORY } from '@shared/catalogue';
import { type StudentCertificateResponse } from '@shared/schemas/certificates';
import type { Db } from '@server/db/client';
import { certificates, type Student } from '@server/db/schema';

/** The student's certificate (pending until an admin activates it), or status `none` when none was requested. */
export async function getStudentCertificate(
  db: Db,
  student: Student,
  cpdProviderNumber: string,
): Promise<StudentCertificateResponse> {
  const [certificate] = await db.select().from(certificates).where(eq(certificates.studentId, student.id)).limit(1);
  if (!certificate) return { status: 'none', certificate: null };
  return {
    status: certificate.activatedAt ? 'ready' : 'pending',
    certificate: {
      certificate_id: certificate.certificateId,
      student_name: `${student.firstName} ${student.lastName}`,
      course_type: certificate.courseType,
      completion_date: certificate.completionDate,
      course_start_date: student.courseStartDate,
      cpd_provider: cpdProviderNumber,
      issued_date: certificate.activatedAt ? certificate.activatedAt.toISOString().slice(0, 10) : null,
      signatory: CERTIFICATE_SIGNATORY,
    },
  };
}
