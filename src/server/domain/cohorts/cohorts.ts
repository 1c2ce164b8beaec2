/**
 * Cohorts: the course start dates an owner offers, each open or closed, with an optional capacity
 * (docs/product/enrolment.md). Choosing a date holds a place for COHORT_HOLD_MINUTES; a paid course
 * keeps it; who takes a place is counted in places.ts. With no cohort rows at all, the
 * every-two-months rule of src/shared/schedule.ts gives the dates, without limits.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { courseSchedule, scheduleEntryFor, isoDateAfter, type ScheduleEntry } from '@shared/schedule';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { cohorts, students, type Cohort, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { one } from '@server/db/rows';
import {
  cohortRowDate,
  holdUntil,
  liveOffers,
  placesTaken,
  studentsOnHold,
  studentsPaid,
  waiting,
  type Claimant,
} from './places';
import { offerWaitlistPlaces } from './waitlist';

export interface CohortView extends Cohort {
  /** Students with this date who paid the course: their place is kept. */
  enrolled: number;
  /** Unpaid students whose hold is live (or whose course payment is in flight). */
  held: number;
  /** Live waitlist offers: places kept for someone e-mailed from the waitlist. */
  offered: number;
  /** On the waitlist and not yet offered a place. */
  waiting: number;
}

/** Every cohort, soonest first, with who takes its places at `now`. */
export async function listCohorts(db: Db, now: Date): Promise<CohortView[]> {
  return db
    .select({
      courseStartDate: cohorts.courseStartDate,
      capacity: cohorts.capacity,
      closed: cohorts.closed,
      createdAt: cohorts.createdAt,
      enrolled: studentsPaid(cohortRowDate),
      held: studentsOnHold(cohortRowDate, now),
      offered: liveOffers(cohortRowDate, now),
      waiting: waiting(cohortRowDate),
    })
    .from(cohorts)
    .orderBy(asc(cohorts.courseStartDate));
}

/** A start date on offer, with the places left (null: no limit) and whether it is full. */
export interface CourseDate extends ScheduleEntry {
  places_left: number | null;
  full: boolean;
}

async function anyCohort(db: Db): Promise<boolean> {
  const [row] = await db.select({ date: cohorts.courseStartDate }).from(cohorts).limit(1);
  return row !== undefined;
}

/**
 * The start dates a visitor may choose (GET /api/course-dates): the open future cohorts, a full one
 * listed as full (to join its waitlist), or, with no cohorts saved, the every-two-months rule without
 * limits. The cohort rows first (a handful a year, a query PostgreSQL plans at once); places are
 * counted only for the coming dates that have a capacity, in a second query, since planning the
 * counting subqueries costs about a millisecond whether or not there is anything to count
 * (docs/perf/course-dates.md). For a signed-in `student`, their own hold and waitlist offer leave
 * the place open to them.
 */
export async function offeredCourseDates(db: Db, now: Date, student?: Claimant): Promise<CourseDate[]> {
  const after = isoDateAfter(now, 0);
  const rows = await db
    .select({ courseStartDate: cohorts.courseStartDate, capacity: cohorts.capacity, closed: cohorts.closed })
    .from(cohorts)
    .orderBy(asc(cohorts.courseStartDate));
  if (rows.length === 0) return courseSchedule(now).map((entry) => ({ ...entry, places_left: null, full: false }));
  const offered = rows.filter((row) => row.courseStartDate > after && !row.closed);
  const limited = offered.filter((row) => row.capacity !== null).map((row) => row.courseStartDate);
  const taken = limited.length > 0 ? await placesTakenOn(db, limited, now, student) : new Map<string, number>();
  return offered.map((row) => {
    const left = row.capacity === null ? null : Math.max(0, row.capacity - (taken.get(row.courseStartDate) ?? 0));
    return { ...scheduleEntryFor(row.courseStartDate), places_left: left, full: left === 0 };
  });
}

/** Places taken on each of `dates` (ISO dates) at `now`, in one query. */
async function placesTakenOn(db: Db, dates: string[], now: Date, student?: Claimant): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: cohorts.courseStartDate, taken: placesTaken(cohortRowDate, now, student) })
    .from(cohorts)
    .where(inArray(cohorts.courseStartDate, dates));
  return new Map(rows.map((row) => [row.date, row.taken]));
}

/**
 * Inside the transaction that sets the student's start date, or that creates their course payment:
 * checks that `date` may be held by the student at `now`, holding the cohort's row locked until the
 * transaction ends, so claims are counted one after the other (two students racing for the last place:
 * exactly one gets it; a hold expiring while its holder pays: either the payer re-claims first or the
 * other student does, never both). Keeping a place the student still holds (paid, live hold, payment in
 * flight) is always allowed; a live waitlist offer for their address is theirs to take.
 */
export async function claimCourseStartDate(
  tx: Db,
  student: Claimant & { courseStartDate: string | null; coursePaid: boolean; courseHoldUntil: Date | null },
  date: string,
  now: Date,
): Promise<void> {
  const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
  const keeping =
    student.courseStartDate === date &&
    (student.coursePaid || (student.courseHoldUntil !== null && student.courseHoldUntil > now));
  if (!cohort) {
    if (student.courseStartDate === date) return;
    if (await anyCohort(tx)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
    const intakes = courseSchedule(now).map((entry) => entry.start_date);
    if (!intakes.includes(date)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
    return;
  }
  if (keeping) return;
  if (date <= isoDateAfter(now, 0)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
  if (cohort.closed) throw new DomainError('conflict', messages.enrolment.startDateClosed);
  if (cohort.capacity !== null) {
    const [row] = await tx
      .select({ taken: placesTaken(cohortRowDate, now, student) })
      .from(cohorts)
      .where(eq(cohorts.courseStartDate, date));
    if ((row?.taken ?? 0) >= cohort.capacity) throw new DomainError('conflict', messages.enrolment.startDateFull);
  }
}

/**
 * Inside the transaction that writes a pending course payment, holding the student's row: the place is
 * claimed again under the cohort's row lock and the hold renewed (now + `holdMinutes`) so that it
 * outlives the charge; once the payment is pending it keeps the place by itself (places.ts). A hold
 * that ran out while its place went to someone else: 409 before anything is charged.
 */
export async function keepPlaceForPayment(tx: Db, student: Student, now: Date, holdMinutes: number): Promise<void> {
  if (!student.courseStartDate || student.coursePaid) return;
  try {
    await claimCourseStartDate(tx, student, student.courseStartDate, now);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict')
      throw new DomainError('conflict', messages.enrolment.placeLostBeforePayment);
    throw error;
  }
  await tx
    .update(students)
    .set({ courseHoldUntil: holdUntil(now, holdMinutes) })
    .where(eq(students.id, student.id));
}

async function cohortView(db: Db, date: string, now: Date): Promise<CohortView> {
  const [row] = (await listCohorts(db, now)).filter((c) => c.courseStartDate === date);
  if (!row) throw new DomainError('not_found', messages.admin.cohortNotFound);
  return row;
}

export async function createCohort(
  db: Db,
  admin: AdminActor,
  input: { courseStartDate: string; capacity: number | null },
  today: Date,
): Promise<CohortView> {
  if (input.courseStartDate <= isoDateAfter(today, 0))
    throw new DomainError('invalid', messages.admin.cohortDateNotFuture);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(cohorts)
      .values({ courseStartDate: input.courseStartDate, capacity: input.capacity })
      .onConflictDoNothing()
      .returning({ date: cohorts.courseStartDate });
    if (inserted.length === 0) throw new DomainError('conflict', messages.admin.cohortExists);
    await writeAudit(tx, admin, {
      action: 'cohort.created',
      details: { course_start_date: input.courseStartDate, capacity: input.capacity },
    });
  });
  return cohortView(db, input.courseStartDate, today);
}

/**
 * Capacity (null: no limit) and open/closed. A capacity below the places already taken only stops new
 * ones. More places, or a reopened date, go to its waitlist at once (after the commit).
 */
export async function updateCohort(
  db: Db,
  admin: AdminActor,
  date: string,
  changes: { capacity?: number | null; closed?: boolean },
  now: Date,
  waitlistHoldHours: number,
): Promise<CohortView> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
    if (!before) throw new DomainError('not_found', messages.admin.cohortNotFound);
    const after = one(
      await tx
        .update(cohorts)
        .set({
          ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
          ...(changes.closed !== undefined ? { closed: changes.closed } : {}),
        })
        .where(eq(cohorts.courseStartDate, date))
        .returning(),
    );
    await writeAudit(tx, admin, {
      action: 'cohort.updated',
      details: {
        course_start_date: date,
        capacity: { from: before.capacity, to: after.capacity },
        closed: { from: before.closed, to: after.closed },
      },
    });
  });
  await offerWaitlistPlaces(db, { waitlistHoldHours, date }, now);
  return cohortView(db, date, now);
}

/** Only a cohort no student has chosen: deleting would leave their start date offered nowhere. */
export async function deleteCohort(db: Db, admin: AdminActor, date: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
    if (!cohort) throw new DomainError('not_found', messages.admin.cohortNotFound);
    const [taken] = await tx.select({ n: count() }).from(students).where(eq(students.courseStartDate, date));
    if ((taken?.n ?? 0) > 0) throw new DomainError('conflict', messages.admin.cohortHasStudents(taken?.n ?? 0));
    await tx.delete(cohorts).where(eq(cohorts.courseStartDate, date));
    await writeAudit(tx, admin, { action: 'cohort.deleted', details: { course_start_date: date } });
  });
}
