/**
 * What is sold and how courses are tracked: the course types and stages (in code, as progress depends
 * on them), the catalogue's shape and seed (prices, titles, descriptions, modules: in the database,
 * edited by an owner) and the price rules over it. Imported by the client and the server. Money is integer pence (money.ts); the intake schedule is in
 * schedule.ts, statuses in statuses.ts.
 */

import type { Pence } from './money';

export const COURSE_TYPES = ['foundation', 'pro'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const PAYMENT_TYPES = ['enrollment', 'course', 'combined'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface Course {
  type: CourseType;
  /**
   * The course's registered name ("Foundation Course"): printed on certificates, credentials and
   * invoices, so it never changes under an issued document. The catalogue's title is what the site
   * shows.
   */
  title: string;
  shortName: 'Foundation' | 'Pro';
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

export const COURSES: Record<CourseType, Course> = {
  foundation: { type: 'foundation', title: 'Foundation Course', shortName: 'Foundation', stages: FOUNDATION_STAGES },
  pro: {
    type: 'pro',
    title: 'Pro Course',
    shortName: 'Pro',
    stages: [...FOUNDATION_STAGES, ...PRO_EXTRA_STAGES],
  },
};

/** What the catalogue says of one course: an owner edits it in the admin area (Catalogue). */
export interface CatalogueCourse {
  title: string;
  price_pence: Pence;
  description: string;
  /** The marketing modules, in order: Pro lists Foundation's and then its own. */
  modules: string[];
}

/**
 * What is sold and for how much (`GET /api/catalogue`, `GET/PUT /api/admin/catalogue`). Kept in the
 * database (table site_documents); this module only gives the seed, a new database's catalogue.
 */
export interface Catalogue {
  enrolment_fee_pence: Pence;
  courses: Record<CourseType, CatalogueCourse>;
}

const FOUNDATION_MODULES = [
  'Welcome & Getting Set Up',
  'Understanding the Book Market',
  'AI Review Creation (No Reading)',
  'Video Creation Using AI Tools',
  'Getting Paid for Reviews',
  'Certification & Growth Plan',
];

export const DEFAULT_CATALOGUE: Catalogue = {
  enrolment_fee_pence: 999,
  courses: {
    foundation: {
      title: 'Foundation Course',
      price_pence: 7500,
      description: 'Everything you need to start reviewing books on video and get paid.',
      modules: FOUNDATION_MODULES,
    },
    pro: {
      title: 'Pro Course',
      price_pence: 21500,
      description:
        'Foundation plus advanced modules to build a business: brand, funnels, YouTube & TikTok, client generation and asset delivery.',
      modules: [
        ...FOUNDATION_MODULES,
        'Brand Building',
        'Funnels & Offers',
        'Monetization with YouTube & TikTok',
        'Automated Client Generation',
        'Asset Delivery',
      ],
    },
  },
};

export function isCourseType(value: unknown): value is CourseType {
  return value === 'foundation' || value === 'pro';
}

/** What a card payment of this type costs, in pence. `course` and `combined` need a course. */
export function paymentAmountPence(
  catalogue: Catalogue,
  type: PaymentType,
  course: CourseType | null | undefined,
): Pence {
  if (type !== 'enrollment' && !course) throw new Error(`A ${type} payment needs a course`);
  const { feePence, coursePence } = paymentParts(catalogue, type, course);
  return feePence + coursePence;
}

/**
 * What a payment of this type includes, priced: the enrolment fee and the course (0 for what it does
 * not include). The wizard's order summary, a promo code's discount and the payment's stored list
 * prices (which its invoice lines print) all split a payment this way.
 */
export function paymentParts(
  catalogue: Catalogue,
  type: PaymentType,
  course: CourseType | null | undefined,
): { feePence: Pence; coursePence: Pence } {
  const feePence = type === 'course' ? 0 : catalogue.enrolment_fee_pence;
  const coursePence = type === 'enrollment' || !course ? 0 : catalogue.courses[course].price_pence;
  return { feePence, coursePence };
}

/**
 * What a new student pays for a course: the enrolment fee and the course together. Prices quoted to
 * anyone who has not paid the fee are this all-in figure, with the fee named beside it (no drip pricing).
 */
export function allInPricePence(catalogue: Catalogue, course: CourseType): Pence {
  return paymentAmountPence(catalogue, 'combined', course);
}

/** The modules Pro adds to Foundation's, in Pro's order. */
export function proExtraModules(catalogue: Catalogue): string[] {
  const foundation = new Set(catalogue.courses.foundation.modules);
  return catalogue.courses.pro.modules.filter((module) => !foundation.has(module));
}

export function totalStages(course: CourseType): number {
  return COURSES[course].stages.length;
}

/**
 * Payment records (amounts, dates, provider references) are kept at least this long, as UK accounting
 * law requires; an erased student's payments stay without their name (docs/product/student-area.md).
 */
export const PAYMENT_RECORDS_KEPT_YEARS = 6;
