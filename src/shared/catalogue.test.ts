import { describe, expect, it } from 'vitest';
import { allInPricePence, COURSES, paymentAmountPence } from './catalogue';

describe('catalogue', () => {
  it('prices the three payment types from one table', () => {
    expect(paymentAmountPence('enrollment', null)).toBe(999);
    expect(paymentAmountPence('course', 'foundation')).toBe(7500);
    expect(paymentAmountPence('combined', 'foundation')).toBe(8499);
    expect(paymentAmountPence('combined', 'pro')).toBe(22499);
    expect(() => paymentAmountPence('course', null)).toThrow();
  });

  it('quotes a course all-in: the enrolment fee plus the course, what a new student pays', () => {
    expect(allInPricePence('foundation')).toBe(8499);
    expect(allInPricePence('pro')).toBe(22499);
  });

  it('tracks 5 Foundation stages and 9 Pro stages while marketing 6 and 11 modules', () => {
    expect(COURSES.foundation.stages).toHaveLength(5);
    expect(COURSES.pro.stages).toHaveLength(9);
    expect(COURSES.pro.stages.slice(0, 5)).toEqual(COURSES.foundation.stages);
    expect(COURSES.foundation.moduleCount).toBe(6);
    expect(COURSES.pro.moduleCount).toBe(11);
  });
});
