/** Student area: domain values → wire shapes. */
import { signatoryLine } from '@shared/certificate-signatory';
import { COURSES } from '@shared/catalogue';
import { stageOpensOn } from '@shared/schedule';
import type { StudentCertificateResponse } from '@shared/schemas/certificates';
import type { StudentProgress as StudentProgressWire } from '@shared/schemas/student-area';
import type { Certificate, Student } from '@server/db/schema';
import type { CertificateSite } from '@server/pdf/certificate-document';
import type { StudentProgressView } from '@server/domain/progress/get-progress';
import { fullName } from '@server/domain/students/find-student';
import { toProgressFields } from '../wire';

export function toStudentProgress({ student, progress }: StudentProgressView): StudentProgressWire {
  return {
    student_id: student.id,
    student_name: fullName(student),
    email: student.email,
    course_type: student.courseType ?? null,
    course_paid: student.coursePaid,
    ...toProgressFields(progress),
    stages: student.courseType
      ? COURSES[student.courseType].stages.map((title, index) => ({
          number: index + 1,
          title,
          completed: progress.stages[index] === true,
          opens_on: student.courseStartDate
            ? stageOpensOn(student.courseStartDate, index + 1, progress.stages.length)
            : null,
        }))
      : [],
  };
}

/** The student's certificate (pending until an admin activates it), or status `none`. */
export function toStudentCertificate(
  student: Student,
  certificate: Certificate | null,
  site: Pick<CertificateSite, 'cpdProviderNumber' | 'signatory'>,
): StudentCertificateResponse {
  if (!certificate) return { status: 'none', certificate: null };
  return {
    status: certificate.revokedAt ? 'revoked' : certificate.activatedAt ? 'ready' : 'pending',
    certificate: {
      certificate_id: certificate.certificateId,
      student_name: fullName(student),
      course_type: certificate.courseType,
      completion_date: certificate.completionDate,
      course_start_date: student.courseStartDate,
      cpd_provider: site.cpdProviderNumber,
      issued_date: certificate.activatedAt ? certificate.activatedAt.toISOString().slice(0, 10) : null,
      revoked_on: certificate.revokedAt ? certificate.revokedAt.toISOString().slice(0, 10) : null,
      signatory: signatoryLine(site.signatory),
    },
  };
}
