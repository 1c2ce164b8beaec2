/**
 * The reminders (docs/product/enrolment.md#reminders): `enrolment-reminder` to a registration with no
 * payment `unpaidHours` after it was made, `course-reminder` to a student who paid the fee but no course
 * `courseDays` after the fee was paid. Each is written by ONE insert … select, so everything that stops
 * a reminder is checked as the row is written, in the same statement: paid (or a payment under way),
 * opted out at step 1, an unsubscribed address, the owner's switch off. The dedupe key
 * (`reminder:enrolment:{studentId}`, `reminder:course:{studentId}`) makes it once per student, however
 * many processes run this at once. The students' rows are locked as they are read (skipping any a
 * payment holds), so a payment that commits first is seen. A registration more than
 * REMINDER_WINDOW_DAYS past its delay gets none: turning reminders on does not write to old sign-ups.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';

export const REMINDER_WINDOW_DAYS = 30;
const BATCH = 500;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const reminderKey = (kind: 'enrolment' | 'course', studentId: string) => `reminder:${kind}:${studentId}`;

export interface ReminderDelays {
  unpaidHours: number;
  courseDays: number;
}

const rowCount = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;

/** What stops any reminder to student `s`, checked in the statement that writes it. */
const reachable = sql`
  not s.marketing_opt_out
  and not exists (select 1 from email_suppressions e where e.email = lower(s.email))
  and not exists (select 1 from site_settings st where st.key = 'reminders_enabled' and st.value = 'off')`;

/**
 * Writes `kind`'s reminder to every student `due` holds for (an SQL condition on `s`), a batch at a
 * time; returns how many were written.
 */
async function queueReminder(db: Db, kind: 'enrolment' | 'course', due: SQL, now: Date): Promise<number> {
  const template = kind === 'enrolment' ? 'enrolment-reminder' : 'course-reminder';
  const prefix = `reminder:${kind}:`;
  const at = now.toISOString();
  let queued = 0;
  for (;;) {
    const inserted = rowCount(
      await db.execute(sql`
        insert into email_outbox (template, to_address, student_id, data, dedupe_key, next_attempt_at, created_at)
        select ${template}::text, s.email, s.id, jsonb_build_object('firstName', s.first_name),
               ${prefix}::text || s.id, ${at}::timestamptz, ${at}::timestamptz
        from students s
        where ${due}
          and not exists (select 1 from email_outbox o where o.dedupe_key = ${prefix}::text || s.id)
          and ${reachable}
        order by s.registration_date
        limit ${BATCH}
        for update of s skip locked
        on conflict (dedupe_key) do nothing
        returning id`),
    );
    queued += inserted;
    if (inserted < BATCH) return queued;
  }
}

/** A registration with nothing paid and no payment under way (a declined one does not count), made in the window. */
function unpaidRegistration(unpaidHours: number, now: Date): SQL {
  const due = new Date(now.getTime() - unpaidHours * HOUR_MS).toISOString();
  const oldest = new Date(now.getTime() - unpaidHours * HOUR_MS - REMINDER_WINDOW_DAYS * DAY_MS).toISOString();
  return sql`not s.enrollment_paid and not s.course_paid
    and s.registration_date <= ${due}::timestamptz and s.registration_date > ${oldest}::timestamptz
    and not exists (select 1 from payments p where p.student_id = s.id and p.status <> 'failed')`;
}

/**
 * The fee paid in the window, no course paid or being paid. The fee's time is its first completed
 * fee-only payment (a Complete Package pays the course too).
 */
function feeWithoutCourse(courseDays: number, now: Date): SQL {
  const due = new Date(now.getTime() - courseDays * DAY_MS).toISOString();
  const oldest = new Date(now.getTime() - (courseDays + REMINDER_WINDOW_DAYS) * DAY_MS).toISOString();
  const feePaidAt = sql`(select min(p.completed_at) from payments p
    where p.student_id = s.id and p.payment_type = 'enrollment' and p.status = 'completed')`;
  return sql`s.enrollment_paid and not s.course_paid
    and ${feePaidAt} <= ${due}::timestamptz and ${feePaidAt} > ${oldest}::timestamptz
    and not exists (select 1 from payments p
      where p.student_id = s.id and p.payment_type <> 'enrollment' and p.status <> 'failed')`;
}

/** Writes the reminders due at `now` to the outbox; returns how many of each. */
export async function queueReminders(
  db: Db,
  delays: ReminderDelays,
  now: Date,
): Promise<{ enrolment: number; course: number }> {
  return {
    enrolment: await queueReminder(db, 'enrolment', unpaidRegistration(delays.unpaidHours, now), now),
    course: await queueReminder(db, 'course', feeWithoutCourse(delays.courseDays, now), now),
  };
}
