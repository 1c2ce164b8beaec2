import { eq } from 'drizzle-orm';
import { daysUntilStart as daysUntil } from '@shared/schedule';
import type { IdStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { idVerifications, type Student } from '@server/db/schema';
import { courseAccessUrl, type CourseAccessUrls } from '../settings/site-settings';

/** What the student area shows of a student: the record, the ID status, and the course link if earned. */
export interface StudentAccount {
  student: Student;
  idStatus: IdStatus;
  /** Only once the ID is approved, the course is paid and a link is configured for that course. */
  courseAccessUrl: string | null;
  /** Days until the course start date by the server's clock (0 once started); null without a date. */
  daysUntilStart: number | null;
}

export async function getStudentAccount(
  db: Db,
  student: Student,
  site: { courseAccessUrls: CourseAccessUrls },
  now: Date,
): Promise<StudentAccount> {
  const [verification] = await db
    .select({ status: idVerifications.status })
    .from(idVerifications)
    .where(eq(idVerifications.studentId, student.id))
    .limit(1);
  const idStatus: IdStatus = verification?.status ?? 'not_required';
  const url =
    student.coursePaid && student.courseType && idStatus === 'approved'
      ? courseAccessUrl(site, student.courseType)
      : null;
  return {
    student,
    idStatus,
    courseAccessUrl: url,
    daysUntilStart: student.courseStartDate ? daysUntil(student.courseStartDate, now) : null,
  };
}
