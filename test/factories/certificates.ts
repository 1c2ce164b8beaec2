/** Certificates through the data layer. */
import { COURSES, type CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { certificates, type Certificate, type Student } from '@server/db/schema';
import { newCertificateId } from '@server/crypto/readable-codes';
import type { IdStatus } from './id-verifications';
import { insertCourseStudent, STARTED_COURSE_START_DATE, type CourseStudentSetup } from './students';
import { one } from '@server/db/rows';

export interface CertificateSetup {
  /** Default 'foundation'. */
  course?: CourseType;
  /** Default false: requested, awaiting an admin. */
  activated?: boolean;
  activatedAt?: Date;
  completionDate?: string;
  /** The holder's ID check; default approved. */
  idStatus?: IdStatus;
  student?: Pick<CourseStudentSetup, 'columns'>;
}

/** A past intake: the certificate holders' course has started. */
export const CERTIFIED_COURSE_START_DATE = STARTED_COURSE_START_DATE;

/** A student who completed every stage of their course and requested a certificate (pending unless `activated`). */
export async function insertCertificate(
  db: Db,
  setup: CertificateSetup = {},
): Promise<{ student: Student; certificate: Certificate }> {
  const course = setup.course ?? 'foundation';
  const student = await insertCourseStudent(db, {
    course,
    stages: COURSES[course].stages.map((_, index) => index + 1),
    idStatus: setup.idStatus ?? 'approved',
    ...setup.student,
    // Every stage done on a course that has started, so activation needs no extra confirmation.
    columns: { courseStartDate: CERTIFIED_COURSE_START_DATE, ...setup.student?.columns },
  });
  const certificate = one(
    await db
      .insert(certificates)
      .values({
        certificateId: newCertificateId(),
        studentId: student.id,
        courseType: course,
        completionDate: setup.completionDate ?? '2027-04-12',
        activatedAt: setup.activated ? (setup.activatedAt ?? new Date()) : null,
      })
      .returning(),
  );
  return { student, certificate };
}
