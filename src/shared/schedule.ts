/**
 * The intake schedule (docs/product/enrolment.md): intakes on the 1st of odd months, the next 6 after
 * today, 6 weeks long, graduation one week after the end.
 */

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

/** The first intake after `today`. */
export function nextIntake(today: Date = new Date()): ScheduleEntry {
  const [first] = courseSchedule(today, 1);
  if (!first) throw new Error('the schedule always lists intakes');
  return first;
}

/** The dates of the intake that starts on `startIso` (end after 6 weeks, graduation a week later). */
export function courseDatesFrom(startIso: string): Omit<ScheduleEntry, 'label'> {
  const start = new Date(`${startIso.slice(0, 10)}T00:00:00Z`);
  const end = addDays(start, COURSE_LENGTH_DAYS);
  return {
    start_date: isoDate(start),
    end_date: isoDate(end),
    graduation_date: isoDate(addDays(end, GRADUATION_AFTER_END_DAYS)),
  };
}

/**
 * The schedule entry of a start date an owner chose (a cohort): its end and graduation, and a label
 * naming the month, with the day when it is not the 1st ("14 March 2027 intake").
 */
export function scheduleEntryFor(startIso: string): ScheduleEntry {
  const dates = courseDatesFrom(startIso);
  const start = new Date(`${dates.start_date}T00:00:00Z`);
  const day = start.getUTCDate();
  const month = `${MONTH_NAMES[start.getUTCMonth()]} ${start.getUTCFullYear()}`;
  return { ...dates, label: `${day === 1 ? '' : `${day} `}${month} intake` };
}

/** The ISO date `days` after (or before) `today`'s UTC calendar date. */
export function isoDateAfter(today: Date, days: number): string {
  return isoDate(addDays(today, days));
}

/** True when the course starting on `startIso` has started by `today` (UTC calendar dates). */
export function courseHasStarted(startIso: string, today: Date = new Date()): boolean {
  return startIso.slice(0, 10) <= isoDate(today);
}

/**
 * The day stage `stageNumber` of `stageCount` opens (docs/product/student-area.md): the stages are paced
 * over the course's 42 days, stage i of n on start + ⌊(i − 1) × 42 / n⌋ days; stage 1 on the start date.
 */
export function stageOpensOn(startIso: string, stageNumber: number, stageCount: number): string {
  const start = new Date(`${startIso.slice(0, 10)}T00:00:00Z`);
  return isoDate(addDays(start, Math.floor(((stageNumber - 1) * COURSE_LENGTH_DAYS) / stageCount)));
}

// A page's first Intl date or number formatter loads the locale's data: tens of milliseconds of a
// phone's main thread (docs/perf/lighthouse-slow-machine.md). The student dashboard needs only the
// two functions below, so neither makes one where the browser offers a cheaper way.
let londonDay: Intl.DateTimeFormat | undefined;

/** Temporal's part used here: browsers have it; Node 22 and TypeScript's types do not yet. */
interface TemporalInstants {
  Instant: {
    fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { toPlainDate(): { toString(): string } } };
  };
}
const temporal = (globalThis as { Temporal?: TemporalInstants }).Temporal;

/** The calendar date in the United Kingdom at `now` (ISO), the day a stage opens on for the school. */
export function londonIsoDate(now: Date): string {
  if (temporal) {
    return temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO('Europe/London')
      .toPlainDate()
      .toString();
  }
  londonDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return londonDay.format(now);
}

/**
 * The Date of an ISO date or timestamp: "2027-03-01" is that day at 00:00 UTC, a timestamp
 * ("2027-03-01T14:05:00.000Z") its instant. Invalid text gives an invalid Date.
 */
export function dateFromIso(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}

/**
 * "2027-03-01" → "1 March 2027": the en-GB long form the site, e-mails and certificates print dates
 * in, always the UTC calendar date. Takes an ISO date, an ISO timestamp (its UTC day) or a Date; an
 * invalid one throws a RangeError, as Intl's formatter does. Written out from the month names rather
 * than by Intl (see londonIsoDate); schedule.test.ts checks it against Intl's en-GB.
 */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? dateFromIso(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Whole days from `today` until the course starting on `startIso` opens (0 once it has started). */
export function daysUntilStart(startIso: string, today: Date = new Date()): number {
  const start = Date.parse(`${startIso.slice(0, 10)}T00:00:00Z`);
  const day = Date.parse(`${isoDate(today)}T00:00:00Z`);
  return Math.max(0, Math.round((start - day) / 86_400_000));
}
