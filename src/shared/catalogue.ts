/**
 * The one source of truth for what is sold, for how much, and how courses are tracked.
 * Imported by the client and the server. Money is integer pence (money.ts); the intake schedule is in
 * schedule.ts, statuses in statuses.ts.
 */

import type { Pence } from './money';

export const COURSE_TYPES = ['foundation', 'pro'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const PAYMENT_TYPES = ['enrollment', 'course', 'combined'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ENROLMENT_FEE_PENCE: Pence = 999;

export interface Course {
  type: CourseType;
  title: string; // "Foundation Course"
  shortName: 'Foundation' | 'Pro';
  pricePence: Pence;
  /** Marketing modules: 6 for Foundation, 11 for Pro (docs/product/README.md, glossary). */
  moduleCount: number;
  /** Stages tracked in the student area (docs/product/student-area.md): 5 for Foundation, 9 for Pro. */
  stages: readonly string[];
}

export const FOUNDATION_STAGES = [
  'Introduction & Setup',
  'Review Techniques',
  'Video Production',
  'Content Strategy',
  'Monetization',
] as const;

export const PRO_EXTRA_STAGES = [
  'Brand Building',
  'Funnels & Offers',
  'Monetization with YouTube & TikTok',
  'Automated Client Generation',
] as const;

export const FOUNDATION_MODULES = [
  'Welcome & Getting Set Up',
  'Understanding the Book Market',
  'AI Review Creation (No Reading)',
  'Video Creation Using AI Tools',
  'Getting Paid for Reviews',
  'Certification & Growth Plan',
] as const;

export const PRO_EXTRA_MODULES = [
  'Brand Building',
  'Funnels & Offers',
  'Monetization with YouTube & TikTok',
  'Automated Client Generation',
  'Asset Delivery',
] as const;

export const COURSES: Record<CourseType, Course> = {
  foundation: {
    type: 'foundation',
    title: 'Foundation Course',
    shortName: 'Foundation',
    pricePence: 7500,
    moduleCount: FOUNDATION_MODULES.length,
    stages: FOUNDATION_STAGES,
  },
  pro: {
    type: 'pro',
    title: 'Pro Course',
    shortName: 'Pro',
    pricePence: 21500,
    moduleCount: FOUNDATION_MODULES.length + PRO_EXTRA_MODULES.length,
    stages: [...FOUNDATION_STAGES, ...PRO_EXTRA_STAGES],
  },
};

export function isCourseType(value: unknown): value is CourseType {
  return value === 'foundation' || value === 'pro';
}

/** What a card payment of this type costs, in pence. `course` and `combined` need a course. */
export function paymentAmountPence(type: PaymentType, course: CourseType | null | undefined): Pence {
  if (type === 'enrollment') return ENROLMENT_FEE_PENCE;
  if (!course) throw new Error(`A ${type} payment needs a course`);
  const coursePence = COURSES[course].pricePence;
  return type === 'course' ? coursePence : ENROLMENT_FEE_PENCE + coursePence;
}

/**
 * What a payment of this type includes, priced: the enrolment fee and the course (0 for what it does
 * not include). The wizard's order summary, a promo code's discount and the invoice's lines all
 * split a payment this way.
 */
export function paymentParts(
  type: PaymentType,
  course: CourseType | null | undefined,
): { feePence: Pence; coursePence: Pence } {
  const feePence = type === 'course' ? 0 : ENROLMENT_FEE_PENCE;
  const coursePence = type === 'enrollment' || !course ? 0 : COURSES[course].pricePence;
  return { feePence, coursePence };
}

/**
 * What a new student pays for a course: the enrolment fee and the course together. Prices quoted to
 * anyone who has not paid the fee are this all-in figure, with the fee named beside it (no drip pricing).
 */
export function allInPricePence(course: CourseType): Pence {
  return paymentAmountPence('combined', course);
}

export function totalStages(course: CourseType): number {
  return COURSES[course].stages.length;
}

/**
 * Payment records (amounts, dates, provider references) are kept at least this long, as UK accounting
 * law requires; an erased student's payments stay without their name (docs/product/student-area.md).
 */
export const PAYMENT_RECORDS_KEPT_YEARS = 6;
