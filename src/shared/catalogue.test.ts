import { describe, expect, it } from 'vitest';
import { COURSES, courseSchedule, formatPounds, paymentAmountPence } from './catalogue';

describe('catalogue', () => {
  it('prices the three payment types from one table', () => {
    expect(paymentAmountPence('enrollment', null)).toBe(999);
    expect(paymentAmountPence('course', 'foundation')).toBe(7500);
    expect(paymentAmountPence('combined', 'foundation')).toBe(8499);
    expect(paymentAmountPence('combined', 'pro')).toBe(22499);
    expect(() => paymentAmountPence('course', null)).toThrow();
    expect(formatPounds(22499)).toBe('£224.99');
  });

  it('tracks 5 Foundation stages and 9 Pro stages while marketing 6 and 11 modules', () => {
    expect(COURSES.foundation.stages).toHaveLength(5);
    expect(COURSES.pro.stages).toHaveLength(9);
    expect(COURSES.pro.stages.slice(0, 5)).toEqual(COURSES.foundation.stages);
    expect(COURSES.foundation.moduleCount).toBe(6);
    expect(COURSES.pro.moduleCount).toBe(11);
  });

  it('lists the next six intakes after today, 6 weeks long, graduation a week later', () => {
    const schedule = courseSchedule(new Date('2026-11-22T10:00:00Z'));
    expect(schedule.map((s) => s.start_date)).toEqual([
      '2027-01-01',
      '2027-03-01',
      '2027-05-01',
      '2027-07-01',
      '2027-09-01',
      '2027-11-01',
    ]);
    expect(schedule[1]).toEqual({
      start_date: '2027-03-01',
      end_date: '2027-04-12',
      graduation_date: '2027-04-19',
      label: 'March 2027 intake',
    });
  });

  it('does not offer an intake that starts today', () => {
    expect(courseSchedule(new Date('2027-03-01T08:00:00Z'))[0].start_date).toBe('2027-05-01');
    expect(courseSchedule(new Date('2027-02-28T23:00:00Z'))[0].start_date).toBe('2027-03-01');
  });
});
