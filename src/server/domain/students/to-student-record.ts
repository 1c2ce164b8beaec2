import { penceToPounds } from '../../../shared/catalogue';
import type { StudentRecord } from '../../../shared/schemas/student';
import type { Student } from '../../db/schema';

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
