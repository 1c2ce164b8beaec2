/**
 * The one source of truth for what is sold, for how much, and how courses are tracked.
 * Imported by the client and the server; money is integer pence, pounds only for display and the API.
 */

export const CURRENCY = 'GBP' as const;

export const COURSE_TYPES = ['foundation', 'pro'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

export const PAYMENT_TYPES = ['enrollment', 'course', 'combined'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ENROLMENT_FEE_PENCE = 999;

export interface Course {
  type: CourseType;
  title: string; // "Foundation Course"
  shortName: string; // "Foundation"
  pricePence: number;
  /** Marketing modules (SPEC.md section 9): 6 for Foundation, 11 for Pro. */
  moduleCount: number;
  /** Stages tracked in the student area (DESIGN.md section 5): 5 for Foundation, 9 for Pro. */
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
export function paymentAmountPence(type: PaymentType, course: CourseType | null | undefined): number {
  if (type === 'enrollment') return ENROLMENT_FEE_PENCE;
  if (!course) throw new Error(`A ${type} payment needs a course`);
  const coursePence = COURSES[course].pricePence;
  return type === 'course' ? coursePence : ENROLMENT_FEE_PENCE + coursePence;
}

export function totalStages(course: CourseType): number {
  return COURSES[course].stages.length;
}

export const penceToPounds = (pence: number): number => Math.round(pence) / 100;
export const poundsToPence = (pounds: number): number => Math.round(pounds * 100);

/** "£84.99" */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

// ---------------------------------------------------------------------------------------------
// Statuses (each list is mirrored by a CHECK constraint in the database schema).

export const COMPLETION_STATUSES = ['contacted', 'enrolled', 'in_progress', 'emailed', 'completed'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const ID_STATUSES = ['not_required', 'required', 'pending', 'approved', 'rejected'] as const;
export type IdStatus = (typeof ID_STATUSES)[number];

export const CONTACT_CATEGORIES = ['course', 'enrollment', 'technical', 'certification', 'other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

// ---------------------------------------------------------------------------------------------
// Schedule rule (DESIGN.md section 5): intakes on the 1st of odd months, the next 6 after today,
// 6 weeks long, graduation one week after the end.

export const INTAKE_MONTHS = [0, 2, 4, 6, 8, 10] as const; // Jan, Mar, May, Jul, Sep, Nov (0-based)
export const COURSE_LENGTH_DAYS = 42;
export const GRADUATION_AFTER_END_DAYS = 7;
export const SCHEDULE_SIZE = 6;

export interface ScheduleEntry {
  start_date: string; // ISO date
  end_date: string;
  graduation_date: string;
  label: string; // "March 2027 intake"
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function addDays(d: Date, days: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));
}

/** The next intakes strictly after `today` (UTC calendar dates). */
export function courseSchedule(today: Date = new Date(), count: number = SCHEDULE_SIZE): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  let year = today.getUTCFullYear();
  let month = today.getUTCMonth();
  const todayIso = isoDate(today);
  while (entries.length < count) {
    if ((INTAKE_MONTHS as readonly number[]).includes(month)) {
      const start = new Date(Date.UTC(year, month, 1));
      if (isoDate(start) > todayIso) {
        const end = addDays(start, COURSE_LENGTH_DAYS);
        entries.push({
          start_date: isoDate(start),
          end_date: isoDate(end),
          graduation_date: isoDate(addDays(end, GRADUATION_AFTER_END_DAYS)),
          label: `${MONTH_NAMES[month]} ${year} intake`,
        });
      }
    }
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return entries;
}

/** Referral codes (DESIGN.md section 6) and certificate ids (issue 7) avoid 0/O/1/I. */
export const READABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_PATTERN = /^VBR-[A-HJ-NP-Z2-9]{6}$/;
export const CERTIFICATE_ID_PATTERN = /^VBR-[A-HJ-NP-Z2-9]{10}$/;
