import { eq } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { IdStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { idVerifications, type Student } from '@server/db/schema';

/** What the student area shows of a student: the record, the ID status, and the course link if earned. */
export interface StudentAccount {
  student: Student;
  idStatus: IdStatus;
  /** Only once the ID is approved, the course is paid and a link is configured for that course. */
  courseAccessUrl: string | null;
}

export type CourseAccessUrls = Partial<Record<CourseType, string>>;

export async function getStudentAccount(
  db: Db,
  student: Student,
  courseAccessUrls: CourseAccessUrls,
): Promise<StudentAccount> {
  const [verification] = await db
    .select({ status: idVerifications.status })
    .from(idVerifications)
    .where(eq(idVerifications.studentId, student.id))
    .limit(1);
  const idStatus: IdStatus = verification?.status ?? 'not_required';
  const url =
    student.coursePaid && student.courseType && idStatus === 'approved'
      ? courseAccessUrls[student.courseType]
      : undefined;
  return { student, idStatus, courseAccessUrl: url ?? null };
}
