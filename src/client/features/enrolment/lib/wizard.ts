import { paymentParts, type Catalogue, type CourseType, type PaymentType } from '@shared/catalogue';
import type { StudentRecord } from '@shared/schemas/student';

export const STEPS = ['Personal Info', 'Payment Type', 'Course Selection', 'Payment', 'Confirmation'] as const;
export type Step = 1 | 2 | 3 | 4 | 5;

/** Each step's name in the address (`/enroll?step=payment-type`), so Back and reload keep the step. */
export const STEP_SLUGS = ['personal-info', 'payment-type', 'course-selection', 'payment', 'confirmation'] as const;
export type StepSlug = (typeof STEP_SLUGS)[number];

export const stepSlug = (step: Step): StepSlug => STEP_SLUGS[step - 1] ?? 'personal-info';

export function stepFromSlug(slug: string | null): Step | null {
  const index = STEP_SLUGS.findIndex((candidate) => candidate === slug);
  return index < 0 ? null : ((index + 1) as Step);
}

/** The student the wizard is enrolling (just registered, or the logged-in student resuming). */
export type WizardStudent = Pick<
  StudentRecord,
  'id' | 'email' | 'first_name' | 'last_name' | 'enrollment_paid' | 'course_paid'
>;

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  enrollment: 'Enrollment Fee Only',
  course: 'Course Payment',
  combined: 'Complete Package',
};

export interface LineItem {
  label: string;
  pence: number;
}

/**
 * The order summary of step 4, from the catalogue in force (the server charges the same total, and
 * answers 409 with today's amount when the catalogue changed since it was read).
 */
export function lineItems(catalogue: Catalogue, type: PaymentType, course: CourseType | null): LineItem[] {
  const { feePence, coursePence } = paymentParts(catalogue, type, course);
  const items: LineItem[] = [];
  if (feePence > 0) items.push({ label: 'Enrollment Fee', pence: feePence });
  if (course && coursePence > 0) items.push({ label: catalogue.courses[course].title, pence: coursePence });
  return items;
}
