import { penceToPounds } from '@shared/money';
import { type CourseType } from '@shared/catalogue';
import { type IdStatus } from '@shared/statuses';
import type { StudentRecord } from '@shared/schemas/student';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import type { Student } from '@server/db/schema';

/** The API shape of a student row (snake_case, pounds, ISO dates). */
export function toStudentRecord(student: Student): StudentRecord {
  return {
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    email: student.email,
    phone: student.phone,
    course_type: student.courseType ?? null,
    course_start_date: student.courseStartDate,
    enrollment_paid: student.enrollmentPaid,
    course_paid: student.coursePaid,
    total_paid: penceToPounds(student.totalPaidPence),
    completion_status: student.completionStatus,
    registration_date: student.registrationDate.toISOString(),
    referral_code: student.referralCode,
  };
}

/**
 * The record the student area shows: the course access link only once the ID is approved, the
 * course is paid and a link is configured for that course.
 */
export function toStudentAreaRecord(
  student: Student,
  idStatus: IdStatus,
  courseAccessUrls: Partial<Record<CourseType, string>>,
): StudentAreaRecord {
  const url =
    student.coursePaid && student.courseType && idStatus === 'approved'
      ? courseAccessUrls[student.courseType]
      : undefined;
  return { ...toStudentRecord(student), course_access_url: url ?? null };
}
