/**
 * Cohorts: the course start dates an owner offers, each open or closed, with an optional capacity
 * (docs/product/enrolment.md). A student holds a place from the moment they choose the date in the
 * wizard (students.course_start_date). With no cohort rows at all, the every-two-months rule of
 * src/shared/schedule.ts gives the dates, without limits.
 */
import { asc, count, eq, ne, and, sql } from 'drizzle-orm';
import { courseSchedule, scheduleEntryFor, isoDateAfter, type ScheduleEntry } from '@shared/schedule';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { cohorts, students, type Cohort } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { one } from '@server/db/rows';

export interface CohortView extends Cohort {
  /** Students whose start date this is (paid or not: choosing the date holds the place). */
  enrolled: number;
}

// The outer table named in full: drizzle writes a column of the selected table without it, which
// inside the subquery would mean the students' own column.
const enrolledCount =
  sql<number>`(select count(*) from ${students} where ${students.courseStartDate} = "cohorts"."course_start_date")`.mapWith(
    Number,
  );

/** Every cohort, soonest first, with its number of students. */
export async function listCohorts(db: Db): Promise<CohortView[]> {
  return db
    .select({
      courseStartDate: cohorts.courseStartDate,
      capacity: cohorts.capacity,
      closed: cohorts.closed,
      createdAt: cohorts.createdAt,
      enrolled: enrolledCount,
    })
    .from(cohorts)
    .orderBy(asc(cohorts.courseStartDate));
}

async function anyCohort(db: Db): Promise<boolean> {
  const [row] = await db.select({ date: cohorts.courseStartDate }).from(cohorts).limit(1);
  return row !== undefined;
}

/**
 * The start dates a visitor may choose (GET /api/course-dates): the open future cohorts with places
 * left, or, with no cohorts saved, the every-two-months rule. One query for both: every cohort row
 * (a handful a year), with places counted for the coming ones only.
 */
export async function offeredCourseDates(db: Db, today: Date): Promise<ScheduleEntry[]> {
  const after = isoDateAfter(today, 0);
  const rows = await db
    .select({
      courseStartDate: cohorts.courseStartDate,
      capacity: cohorts.capacity,
      closed: cohorts.closed,
      enrolled: sql<number>`case when ${cohorts.courseStartDate} > ${after} then ${enrolledCount} else 0 end`.mapWith(
        Number,
      ),
    })
    .from(cohorts)
    .orderBy(asc(cohorts.courseStartDate));
  if (rows.length === 0) return courseSchedule(today);
  return rows
    .filter(
      (row) => row.courseStartDate > after && !row.closed && (row.capacity === null || row.enrolled < row.capacity),
    )
    .map((row) => scheduleEntryFor(row.courseStartDate));
}

/**
 * Inside the transaction that sets the student's start date: checks that `date` may be chosen and
 * holds the cohort's row locked until the transaction ends, so two students racing for the last place
 * are counted one after the other (exactly one gets it). Keeping the date the student already has is
 * always allowed.
 */
export async function claimCourseStartDate(
  tx: Db,
  student: { id: string; courseStartDate: string | null },
  date: string,
  today: Date,
): Promise<void> {
  if (student.courseStartDate === date) return;
  const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
  if (!cohort) {
    if (await anyCohort(tx)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
    const intakes = courseSchedule(today).map((entry) => entry.start_date);
    if (!intakes.includes(date)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
    return;
  }
  if (date <= isoDateAfter(today, 0)) throw new DomainError('invalid', messages.enrolment.invalidStartDate);
  if (cohort.closed) throw new DomainError('conflict', messages.enrolment.startDateClosed);
  if (cohort.capacity !== null) {
    const [taken] = await tx
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.courseStartDate, date), ne(students.id, student.id)));
    if ((taken?.n ?? 0) >= cohort.capacity) throw new DomainError('conflict', messages.enrolment.startDateFull);
  }
}

async function cohortView(db: Db, date: string): Promise<CohortView> {
  const [row] = (await listCohorts(db)).filter((c) => c.courseStartDate === date);
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
  return cohortView(db, input.courseStartDate);
}

/** Capacity (null: no limit) and open/closed. A capacity below the students already there only stops new ones. */
export async function updateCohort(
  db: Db,
  admin: AdminActor,
  date: string,
  changes: { capacity?: number | null; closed?: boolean },
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
  return cohortView(db, date);
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
