import { COURSES, type CourseType, type PaymentType } from '@shared/catalogue';

/** "Enrollment Fee", "Pro Course", "Enrollment Fee + Foundation Course": what the payment row and Square show. */
export function describePayment(type: PaymentType, course: CourseType | null | undefined): string {
  if (type === 'enrollment' || !course) return 'Enrollment Fee';
  const title = COURSES[course].title;
  return type === 'course' ? title : `Enrollment Fee + ${title}`;
}
