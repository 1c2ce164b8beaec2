/**
 * Places in a cohort (docs/product/enrolment.md, "Places and the waitlist"). A place is taken by a
 * student with this start date who
 * - paid the course (kept whatever happens to the hold), or
 * - holds it: chose the date less than COHORT_HOLD_MINUTES ago (students.course_hold_until), or
 * - has a card payment for a course still pending (its charge may be under way: never a charge
 *   without a place),
 * and by a live waitlist offer (cohort_waitlist.offer_expires_at) for an address that is not already
 * such a student. Counted in SQL, per cohort row, so one query lists every cohort.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A timestamp parameter the same on both engines. */
export const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** `holder` (an alias of students) takes a place at `now`. */
export const holdsPlace = (holder: string, now: Date) => sql`(
  ${sql.raw(holder)}.course_paid
  or ${sql.raw(holder)}.course_hold_until > ${at(now)}
  or exists (select 1 from payments p where p.student_id = ${sql.raw(holder)}.id
             and p.status = 'pending' and p.course_type is not null))`;

/** Left out of a count: the student claiming, whose own hold or offer must not count against them. */
export interface Claimant {
  id: string;
  email: string;
}

/** Students taking a place in the cohort whose date is `date` (an SQL expression). */
export function studentsHolding(date: SQL, now: Date, except?: Claimant): SQL<number> {
  return sql<number>`(select count(*) from students s where s.course_start_date = ${date}
    and ${holdsPlace('s', now)} ${except ? sql`and s.id <> ${except.id}` : sql``})`.mapWith(Number);
}

/** Students with this date who paid the course (the owner's "enrolled"). */
export function studentsPaid(date: SQL): SQL<number> {
  return sql<number>`(select count(*) from students s where s.course_start_date = ${date} and s.course_paid)`.mapWith(
    Number,
  );
}

/** Unpaid students whose hold (or pending course payment) keeps a place (the owner's "held"). */
export function studentsOnHold(date: SQL, now: Date): SQL<number> {
  return sql<number>`(select count(*) from students s where s.course_start_date = ${date}
    and not s.course_paid and ${holdsPlace('s', now)})`.mapWith(Number);
}

/** Live waitlist offers for addresses that do not already take a place as a student. */
export function liveOffers(date: SQL, now: Date, except?: Claimant): SQL<number> {
  return sql<number>`(select count(*) from cohort_waitlist w where w.course_start_date = ${date}
    and w.offer_expires_at > ${at(now)}
    ${except ? sql`and lower(w.email) <> lower(${except.email}::text)` : sql``}
    and not exists (select 1 from students s2 where lower(s2.email) = lower(w.email)
      and s2.course_start_date = w.course_start_date and ${holdsPlace('s2', now)}))`.mapWith(Number);
}

/** Everyone on the waitlist not yet offered a place. */
export function waiting(date: SQL): SQL<number> {
  return sql<number>`(select count(*) from cohort_waitlist w where w.course_start_date = ${date}
    and w.offered_at is null)`.mapWith(Number);
}

/** Places taken in the cohort with this date: holders and live offers. */
export function placesTaken(date: SQL, now: Date, except?: Claimant): SQL<number> {
  return sql<number>`(${studentsHolding(date, now, except)} + ${liveOffers(date, now, except)})`.mapWith(Number);
}

/** The cohort row's own date, named in full: inside a subquery a bare name would be the inner table's. */
export const cohortRowDate = sql`"cohorts"."course_start_date"`;

/** COHORT_HOLD_MINUTES when unset. */
export const DEFAULT_HOLD_MINUTES = 30;

/** Until when a course selection made at `now` holds its place. */
export const holdUntil = (now: Date, holdMinutes: number) => new Date(now.getTime() + holdMinutes * 60_000);
