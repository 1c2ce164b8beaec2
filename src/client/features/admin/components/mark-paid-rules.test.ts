import { describe, expect, it } from 'vitest';
import { defaultMarkPaidType, markPaidOptions } from './mark-paid-rules';

const state = (enrollment_paid: boolean, course_paid: boolean, course_type: 'foundation' | 'pro' | null = 'pro') => ({
  enrollment_paid,
  course_paid,
  course_type,
});
const usable = (s: ReturnType<typeof state>) =>
  markPaidOptions(s)
    .filter((o) => !o.blocked)
    .map((o) => o.label);

describe('mark paid rules', () => {
  it('picks the type from what is still unpaid', () => {
    expect(defaultMarkPaidType(state(true, false))).toBe('course');
    expect(defaultMarkPaidType(state(false, true))).toBe('enrollment');
    expect(defaultMarkPaidType(state(false, false))).toBe('both');
    expect(defaultMarkPaidType(state(true, true))).toBeNull();
  });

  it('offers Full, Enrollment and Course while neither is paid, the course only after the enrolment fee', () => {
    expect(markPaidOptions(state(false, false)).map((o) => o.label)).toEqual([
      'Mark Paid (Full)',
      'Mark Enrollment Paid',
      'Mark Course Paid',
    ]);
    expect(usable(state(false, false))).toEqual(['Mark Paid (Full)', 'Mark Enrollment Paid']);
    expect(usable(state(true, false))).toEqual(['Mark Course Paid']);
    expect(usable(state(false, true))).toEqual(['Mark Enrollment Paid']);
    expect(markPaidOptions(state(true, true))).toEqual([]);
  });

  it('blocks course payments for a student with no course', () => {
    expect(usable(state(false, false, null))).toEqual(['Mark Enrollment Paid']);
    expect(markPaidOptions(state(true, false, null))[0]?.blocked).toBe('Choose a course for this student first.');
  });
});
