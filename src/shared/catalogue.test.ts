import { describe, expect, it } from 'vitest';
import {
  allInPricePence,
  COURSES,
  DEFAULT_CATALOGUE,
  paymentAmountPence,
  paymentParts,
  proExtraModules,
} from './catalogue';
import { catalogueSchema } from './schemas/catalogue';

const seed = DEFAULT_CATALOGUE;

describe('catalogue', () => {
  it('prices the three payment types from the catalogue given', () => {
    expect(paymentAmountPence(seed, 'enrollment', null)).toBe(999);
    expect(paymentAmountPence(seed, 'course', 'foundation')).toBe(7500);
    expect(paymentAmountPence(seed, 'combined', 'foundation')).toBe(8499);
    expect(paymentAmountPence(seed, 'combined', 'pro')).toBe(22499);
    expect(() => paymentAmountPence(seed, 'course', null)).toThrow();
    const dearer = { ...seed, courses: { ...seed.courses, pro: { ...seed.courses.pro, price_pence: 25000 } } };
    expect(paymentAmountPence(dearer, 'combined', 'pro')).toBe(25999);
    expect(paymentParts(dearer, 'combined', 'pro')).toEqual({ feePence: 999, coursePence: 25000 });
  });

  it('quotes a course all-in: the enrolment fee plus the course, what a new student pays', () => {
    expect(allInPricePence(seed, 'foundation')).toBe(8499);
    expect(allInPricePence(seed, 'pro')).toBe(22499);
  });

  it('tracks 5 Foundation stages and 9 Pro stages while marketing 6 and 11 modules', () => {
    expect(COURSES.foundation.stages).toHaveLength(5);
    expect(COURSES.pro.stages).toHaveLength(9);
    expect(COURSES.pro.stages.slice(0, 5)).toEqual(COURSES.foundation.stages);
    expect(seed.courses.foundation.modules).toHaveLength(6);
    expect(seed.courses.pro.modules).toHaveLength(11);
    expect(proExtraModules(seed)).toHaveLength(5);
  });

  it('accepts its own seed and refuses a price of nothing, a blank title or a module listed twice', () => {
    expect(catalogueSchema.parse(seed)).toEqual(seed);
    const pro = seed.courses.pro;
    const bad = (change: object) =>
      catalogueSchema.safeParse({ ...seed, courses: { ...seed.courses, pro: { ...pro, ...change } } });
    expect(bad({ price_pence: 0 }).error?.issues[0]?.message).toBe(
      'A course price must be an amount from £1.00 to £10,000.00',
    );
    expect(bad({ title: '  ' }).success).toBe(false);
    expect(bad({ modules: ['A', 'A'] }).success).toBe(false);
    expect(catalogueSchema.safeParse({ ...seed, enrolment_fee_pence: 99.5 }).success).toBe(false);
  });
});
