/**
 * The public course dates (no student token) kept in memory between requests (docs/perf/course-dates.md).
 * Dropped on every notification that a write could have changed them (the `course_dates` triggers of
 * the migrations, sent at commit from any process or command), and never used while the listening
 * connection is down. Time changes the answer without a write (a hold or a waitlist offer runs out, a
 * day passes), so an answer is used for at most MAX_AGE_MS of the app's clock and only on its own day.
 */
import type { Subscription } from '@server/db/notifications';
import type { CourseDate } from './cohorts';

export const COURSE_DATES_CHANNEL = 'course_dates';
const MAX_AGE_MS = 1000;

interface Entry {
  day: string;
  generation: number;
  readAt: number;
  dates: CourseDate[];
}

export class CourseDatesCache {
  private generation = 0;
  private entry: Entry | undefined;
  private subscription: Subscription | undefined;

  /** Called on every notification, (re)connection and loss of the listening connection. */
  readonly invalidate = () => {
    this.generation += 1;
    this.entry = undefined;
  };

  attach(subscription: Subscription): void {
    this.subscription = subscription;
  }

  async close(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.invalidate();
  }

  /** The dates of `day` at `nowMs`: kept ones when still good, else read by `load` (and kept unless a change came meanwhile). */
  async get(day: string, nowMs: number, load: () => Promise<CourseDate[]>): Promise<CourseDate[]> {
    const kept = this.entry;
    const live = this.subscription?.live() ?? false;
    if (
      live &&
      kept &&
      kept.day === day &&
      kept.generation === this.generation &&
      nowMs >= kept.readAt &&
      nowMs - kept.readAt < MAX_AGE_MS
    )
      return kept.dates;
    const generation = this.generation;
    const dates = await load();
    // A notification during the read may describe a write the read did not see: keep nothing then.
    if (live && generation === this.generation) this.entry = { day, generation, readAt: nowMs, dates };
    return dates;
  }
}
