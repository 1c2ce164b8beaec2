/**
 * What the school sells, as an owner edits it in the admin area (GET/PUT /api/admin/catalogue) and as
 * the database keeps it (school_documents, name `catalogue`). Stages stay in code (catalogue.ts):
 * progress depends on them. A new database uses DEFAULT_CATALOGUE.
 */
import { z } from 'zod';
import {
  COURSES,
  ENROLMENT_FEE_PENCE,
  FOUNDATION_MODULES,
  PRO_EXTRA_MODULES,
  type CourseType,
  type PaymentType,
} from './catalogue';
import { text } from './schemas/text';
import type { Pence } from './money';

/** Prices between £1 and £10,000 (a typo of a few zeros is refused, not charged). */
const price = z.number().int().min(100).max(1_000_000);

const courseDocument = z.strictObject({
  title: text().trim().min(1).max(80),
  price_pence: price,
  description: text().trim().min(1).max(500),
  modules: z.array(text().trim().min(1).max(120)).min(1).max(30),
});

export const catalogueDocument = z.strictObject({
  enrolment_fee_pence: price,
  courses: z.strictObject({ foundation: courseDocument, pro: courseDocument }),
});
export type CatalogueDocument = z.infer<typeof catalogueDocument>;

export const DEFAULT_CATALOGUE: CatalogueDocument = {
  enrolment_fee_pence: ENROLMENT_FEE_PENCE,
  courses: {
    foundation: {
      title: COURSES.foundation.title,
      price_pence: COURSES.foundation.pricePence,
      description: 'Everything you need to start reviewing and get paid.',
      modules: [...FOUNDATION_MODULES],
    },
    pro: {
      title: COURSES.pro.title,
      price_pence: COURSES.pro.pricePence,
      description: 'Foundation plus advanced modules to build a business.',
      modules: [...FOUNDATION_MODULES, ...PRO_EXTRA_MODULES],
    },
  },
};

/** What a card payment of this type costs today, before any promo code. `course` and `combined` need a course. */
export function priceOf(catalogue: CatalogueDocument, type: PaymentType, course: CourseType | null | undefined): Pence {
  if (type === 'enrollment') return catalogue.enrolment_fee_pence;
  if (!course) throw new Error(`A ${type} payment needs a course`);
  const coursePence = catalogue.courses[course].price_pence;
  return type === 'course' ? coursePence : catalogue.enrolment_fee_pence + coursePence;
}
