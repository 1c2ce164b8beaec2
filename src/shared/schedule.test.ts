import { describe, expect, it } from 'vitest';
import {
  courseHasStarted,
  courseSchedule,
  daysUntilStart,
  formatLongDate,
  isoDateAfter,
  scheduleEntryFor,
} from './schedule';

describe('intake schedule', () => {
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
    expect(courseSchedule(new Date('2027-03-01T08:00:00Z'))[0]?.start_date).toBe('2027-05-01');
    expect(courseSchedule(new Date('2027-02-28T23:00:00Z'))[0]?.start_date).toBe('2027-03-01');
  });

  it("labels an owner's start date by its month, with the day unless it is the 1st", () => {
    expect(scheduleEntryFor('2027-03-01').label).toBe('March 2027 intake');
    expect(scheduleEntryFor('2027-03-14')).toEqual({
      start_date: '2027-03-14',
      end_date: '2027-04-25',
      graduation_date: '2027-05-02',
      label: '14 March 2027 intake',
    });
    expect(isoDateAfter(new Date('2027-02-25T23:30:00Z'), 7)).toBe('2027-03-04');
  });
});

describe('course start', () => {
  it('counts whole days until the start, 0 from the start day on', () => {
    expect(daysUntilStart('2027-03-01', new Date('2027-02-27T23:59:00Z'))).toBe(2);
    expect(daysUntilStart('2027-03-01', new Date('2027-02-28T00:00:00Z'))).toBe(1);
    expect(daysUntilStart('2027-03-01', new Date('2027-03-01T00:00:00Z'))).toBe(0);
    expect(daysUntilStart('2027-03-01', new Date('2027-06-01T12:00:00Z'))).toBe(0);
    expect(courseHasStarted('2027-03-01', new Date('2027-02-28T23:59:59Z'))).toBe(false);
    expect(courseHasStarted('2027-03-01', new Date('2027-03-01T00:00:00Z'))).toBe(true);
  });

  it('prints dates the way the site does', () => {
    expect(formatLongDate('2027-03-01')).toBe('1 March 2027');
    // A timestamp or a Date prints its UTC calendar day, whatever the machine's time zone.
    expect(formatLongDate('2027-01-09T23:59:59.000Z')).toBe('9 January 2027');
    expect(formatLongDate('2027-01-10T01:00:00+02:00')).toBe('9 January 2027');
    expect(formatLongDate(new Date('2027-12-31T23:30:00Z'))).toBe('31 December 2027');
  });
});
