/**
 * The waitlist of a cohort (docs/product/enrolment.md, "Places and the waitlist"): first come, first
 * served. When a place is free (a hold expired, a refund or an erasure freed a paid place, capacity
 * rose, the date reopened), the first in line not yet offered gets e-mail `waitlist-place` and the
 * place is kept for their address for WAITLIST_HOLD_HOURS; an offer that expires passes the place to
 * the next. Entries go with their cohort, and once its start date has come (the privacy rules).
 */
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { isoDateAfter } from '@shared/schedule';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { cohortWaitlist, cohorts } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { enqueueEmail } from '../email/enqueue-email';
import { cohortRowDate, holdsPlace, placesTaken } from './places';

export interface WaitlistEntry {
  email: string;
  firstName: string;
  joinedAt: Date;
  offeredAt: Date | null;
}

/**
 * Adds the address to the date's waitlist (listed already: nothing changes, the same answer). Only a
 * saved, open, coming date has a waitlist. A place already free is offered at once.
 */
export async function joinWaitlist(
  db: Db,
  input: { date: string; email: string; firstName: string },
  options: { waitlistHoldHours: number },
  now: Date,
): Promise<void> {
  const [cohort] = await db.select().from(cohorts).where(eq(cohorts.courseStartDate, input.date)).limit(1);
  if (!cohort || cohort.closed || input.date <= isoDateAfter(now, 0))
    throw new DomainError('not_found', messages.enrolment.waitlistDateNotFound);
  await db
    .insert(cohortWaitlist)
    .values({
      courseStartDate: input.date,
      email: input.email.trim(),
      firstName: input.firstName.trim(),
      joinedAt: now,
    })
    .onConflictDoNothing();
  await offerWaitlistPlaces(db, { waitlistHoldHours: options.waitlistHoldHours, date: input.date }, now);
}

/** The owner's view of one date's waitlist, in order. */
export async function listWaitlist(db: Db, date: string): Promise<WaitlistEntry[]> {
  const [cohort] = await db.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).limit(1);
  if (!cohort) throw new DomainError('not_found', messages.admin.cohortNotFound);
  return db
    .select({
      email: cohortWaitlist.email,
      firstName: cohortWaitlist.firstName,
      joinedAt: cohortWaitlist.joinedAt,
      offeredAt: cohortWaitlist.offeredAt,
    })
    .from(cohortWaitlist)
    .where(eq(cohortWaitlist.courseStartDate, date))
    .orderBy(asc(cohortWaitlist.joinedAt), asc(cohortWaitlist.id));
}

/**
 * Offers each free place of the coming open cohorts (or of `date` only) to the next on its waitlist.
 * Safe with several processes: each cohort is settled in its own transaction holding the cohort's row
 * (as every claim does), so a second process waits and then counts the offers just made. Returns the
 * number of offers made.
 */
export async function offerWaitlistPlaces(
  db: Db,
  options: { waitlistHoldHours: number; date?: string },
  now: Date,
): Promise<number> {
  const dates = await db
    .selectDistinct({ date: cohortWaitlist.courseStartDate })
    .from(cohortWaitlist)
    .where(
      and(
        isNull(cohortWaitlist.offeredAt),
        gt(cohortWaitlist.courseStartDate, isoDateAfter(now, 0)),
        options.date ? eq(cohortWaitlist.courseStartDate, options.date) : undefined,
      ),
    );
  let offered = 0;
  for (const { date } of dates) offered += await offerPlacesOf(db, date, options.waitlistHoldHours, now);
  return offered;
}

async function offerPlacesOf(db: Db, date: string, holdHours: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // The lock first, the count in a later statement: it then sees every claim committed before the lock.
    const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
    if (!cohort || cohort.closed) return 0;
    const [counted] = await tx
      .select({ taken: placesTaken(cohortRowDate, now) })
      .from(cohorts)
      .where(eq(cohorts.courseStartDate, date));
    const free = cohort.capacity === null ? null : cohort.capacity - (counted?.taken ?? 0);
    if (free !== null && free <= 0) return 0;
    const next = await tx
      .select()
      .from(cohortWaitlist)
      .where(
        and(
          eq(cohortWaitlist.courseStartDate, date),
          isNull(cohortWaitlist.offeredAt),
          // Someone who meanwhile took a place as a student needs no offer.
          sql`not exists (select 1 from students s where lower(s.email) = lower(${cohortWaitlist.email})
            and s.course_start_date = ${cohortWaitlist.courseStartDate} and ${holdsPlace('s', now)})`,
        ),
      )
      .orderBy(asc(cohortWaitlist.joinedAt), asc(cohortWaitlist.id))
      .limit(free ?? 1000);
    const expires = new Date(now.getTime() + holdHours * 3_600_000);
    for (const entry of next) {
      await tx
        .update(cohortWaitlist)
        .set({ offeredAt: now, offerExpiresAt: expires })
        .where(eq(cohortWaitlist.id, entry.id));
      await enqueueEmail(
        tx,
        {
          template: 'waitlist-place',
          to: entry.email,
          data: { firstName: entry.firstName, startDate: date, holdUntil: expires.toISOString() },
        },
        now,
      );
    }
    return next.length;
  });
}

/** Waitlists of dates that have come are no use to anyone: deleted (personal data kept no longer). */
export async function deletePastWaitlists(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(cohortWaitlist)
    .where(lte(cohortWaitlist.courseStartDate, isoDateAfter(now, 0)))
    .returning({ id: cohortWaitlist.id });
  return deleted.length;
}
