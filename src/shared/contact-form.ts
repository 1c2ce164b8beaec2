import type { ContactCategory } from './statuses';

/**
 * The contact form's limits and category labels, without zod, so the support page can show the form
 * before the validation code (src/shared/schemas/public.ts) has loaded.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Labels for the category select (docs/product/public-pages.md). */
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  course: 'Course Information',
  enrollment: 'Enrollment & Payments',
  technical: 'Technical Support',
  certification: 'Certification',
  other: 'Other',
};
