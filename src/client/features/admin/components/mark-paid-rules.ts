/** Which payments an admin may mark as received (docs/product/admin.md). */
import type { MarkPaidType } from '@shared/schemas/admin';
import type { StudentRecord } from '@shared/schemas/student';

type PaymentState = Pick<StudentRecord, 'enrollment_paid' | 'course_paid' | 'course_type'>;

interface Option {
  type: MarkPaidType;
  label: string;
  /** Why the option cannot be used for this student, if it cannot. */
  blocked: string | null;
}

/** The Mark Paid options (docs/product/admin.md), offered only while that part is unpaid. */
export function markPaidOptions(student: PaymentState): Option[] {
  const noCourse = student.course_type ? null : 'Choose a course for this student first.';
  const options: Option[] = [];
  if (!student.enrollment_paid && !student.course_paid)
    options.push({ type: 'both', label: 'Mark Paid (Full)', blocked: noCourse });
  if (!student.enrollment_paid) options.push({ type: 'enrollment', label: 'Mark Enrollment Paid', blocked: null });
  if (!student.course_paid) {
    options.push({
      type: 'course',
      label: 'Mark Course Paid',
      blocked:
        noCourse ??
        (student.enrollment_paid ? null : 'The enrollment fee must be paid first (or use Mark Paid (Full)).'),
    });
  }
  return options;
}

/** The default mark-paid type (docs/product/admin.md). */
export function defaultMarkPaidType(student: PaymentState): MarkPaidType | null {
  if (student.enrollment_paid && !student.course_paid) return 'course';
  if (student.course_paid && !student.enrollment_paid) return 'enrollment';
  if (!student.enrollment_paid && !student.course_paid) return 'both';
  return null;
}
