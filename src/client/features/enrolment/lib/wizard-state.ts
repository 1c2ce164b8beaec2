/**
 * What the wizard's address (`/enroll?step=&type=&course=&date=`) and the server's record say, and
 * which step may be shown (docs/decisions/013-site-shell-and-wizard-history.md). No React: the hook
 * that reads the address and navigates is use-enrolment-wizard.ts.
 */
import { isCourseType, type CourseType, type PaymentType } from '@shared/catalogue';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import { stepFromSlug, stepSlug, type Step, type WizardStudent } from './wizard';

/** What the customer has chosen so far: in the address, so Back and reload keep it. */
export interface Choices {
  paymentType: PaymentType;
  course: CourseType | null;
  startDate: string | null;
}

/** What the wizard uses of the server's record of the student (GET /api/student/{id}). */
export type ServerRecord = Pick<
  StudentAreaRecord,
  'enrollment_paid' | 'course_paid' | 'course_type' | 'course_start_date'
>;

const isPaymentType = (value: string | null): value is PaymentType =>
  value === 'enrollment' || value === 'course' || value === 'combined';

/** What the server knows wins over the session for what is paid (a payment only ever adds). */
export function withServerRecord(local: WizardStudent | null, known: ServerRecord | undefined): WizardStudent | null {
  return (
    local && {
      ...local,
      enrollment_paid: local.enrollment_paid || known?.enrollment_paid === true,
      course_paid: local.course_paid || known?.course_paid === true,
    }
  );
}

/**
 * The choices in the address, or else what the server saved (course, date). Without a payment type, a
 * student whose enrolment is paid pays for the course; a course in the address (a pricing card's
 * `?step=course-selection&course=pro`, kept through step 1) means the complete package for that course;
 * anyone else starts with the enrolment fee.
 */
export function readChoices(
  params: URLSearchParams,
  student: WizardStudent | null,
  known: ServerRecord | undefined,
): Choices {
  const requestedType = params.get('type');
  const requestedCourse = params.get('course');
  return {
    paymentType: isPaymentType(requestedType)
      ? requestedType
      : student?.enrollment_paid
        ? 'course'
        : isCourseType(requestedCourse)
          ? 'combined'
          : 'enrollment',
    course: isCourseType(requestedCourse) ? requestedCourse : (known?.course_type ?? null),
    startDate: params.get('date') ?? known?.course_start_date ?? null,
  };
}

/** The step the address names; without one (or an unknown one), step 2 for a registered student, else 1. */
export function requestedStep(slug: string | null, student: WizardStudent | null): Step {
  return stepFromSlug(slug) ?? (student ? 2 : 1);
}

/**
 * The step the customer may see: an earlier one when what it needs is missing (no registration,
 * no course or date before paying for a course, no enrolment payment before the confirmation).
 */
export function allowedStep(requested: Step, student: WizardStudent | null, choices: Choices): Step {
  if (!student) return 1;
  // Everything paid: only the confirmation (no step offers to pay again).
  if (student.course_paid) return 5;
  if (requested === 5) return student.enrollment_paid ? 5 : 2;
  if (requested >= 2 && choices.paymentType === 'enrollment' && student.enrollment_paid) return 5;
  if (requested === 4 && choices.paymentType !== 'enrollment' && (!choices.course || !choices.startDate)) return 3;
  return requested;
}

/** The address of a step with these choices (the payment type from step 2 on). */
export function wizardSearch(step: Step, choices: Choices): string {
  const search = new URLSearchParams({ step: stepSlug(step) });
  if (step > 1) search.set('type', choices.paymentType);
  if (choices.course) search.set('course', choices.course);
  if (choices.startDate) search.set('date', choices.startDate);
  return `?${search.toString()}`;
}
