import { describe, expect, it } from 'vitest';
import {
  courseHasStarted,
  courseSchedule,
  daysUntilStart,
  formatLongDate,
  isoDateAfter,
  londonIsoDate,
  scheduleEntryFor,
  stageOpensOn,
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

  it("prints every day as Intl's en-GB long date does, and refuses an invalid date as it does", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const hours = 3_600_000;
    for (let at = Date.UTC(2025, 0, 1); at < Date.UTC(2031, 0, 1); at += 7 * hours) {
      expect(formatLongDate(new Date(at))).toBe(intl.format(at));
    }
    expect(() => formatLongDate('not a date')).toThrow(RangeError);
    expect(() => intl.format(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('stage calendar', () => {
  it('opens stage i of n on start + ⌊(i − 1) × 42 / n⌋ days: the first on the start date', () => {
    const foundation = [1, 2, 3, 4, 5].map((i) => stageOpensOn('2027-03-01', i, 5));
    // 0, 8, 16, 25, 33 days after 1 March.
    expect(foundation).toEqual(['2027-03-01', '2027-03-09', '2027-03-17', '2027-03-26', '2027-04-03']);
    const pro = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => stageOpensOn('2027-11-01', i, 9));
    // 0, 4, 9, 14, 18, 23, 28, 32, 37 days, across the turn of the year for none but December's.
    expect(pro).toEqual([
      '2027-11-01',
      '2027-11-05',
      '2027-11-10',
      '2027-11-15',
      '2027-11-19',
      '2027-11-24',
      '2027-11-29',
      '2027-12-03',
      '2027-12-08',
    ]);
    expect(stageOpensOn('2027-12-20T00:00:00.000Z', 5, 5)).toBe('2028-01-22');
  });

  it('reads the day in the United Kingdom: an hour ahead of UTC in summer, the same in winter', () => {
    expect(londonIsoDate(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(londonIsoDate(new Date('2027-06-30T22:59:59Z'))).toBe('2027-06-30');
    expect(londonIsoDate(new Date('2027-01-31T23:30:00Z'))).toBe('2027-01-31');
  });
});
