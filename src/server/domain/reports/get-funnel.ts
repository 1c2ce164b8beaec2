/**
 * The enrolment funnel (docs/product/admin.md#funnel): the students who registered in each week (UK
 * weeks, from Monday) and how many of them have reached each stage by now, plus what the reminders
 * (domain/email reminders, templates `enrolment-reminder` and `course-reminder`) brought back.
 * Everything is counted in the database, in two statements, so 100,000 students stay quick.
 */
import { sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Pence } from '@shared/money';
import { dateFromIso, isoDateAfter, londonIsoDate } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { DomainError } from '@server/errors';

export const FUNNEL_DEFAULT_WEEKS = 12;
/** The longest range asked for at once (three years of weeks). */
export const FUNNEL_MAX_WEEKS = 157;

const STAGES = ['registered', 'fee_paid', 'course_paid', 'id_approved', 'completed'] as const;
export type FunnelStage = (typeof STAGES)[number];
export type FunnelCounts = Record<FunnelStage, number>;

export interface FunnelWeek extends FunnelCounts {
  /** The Monday (UK calendar) the week starts on, ISO. */
  week: string;
}

export interface Funnel {
  from: string;
  to: string;
  weeks: FunnelWeek[];
  totals: FunnelCounts;
  reminders: {
    /** Reminder e-mails sent in the range. */
    sent: number;
    /** Students among their recipients with a payment completed after their first reminder. */
    recovered: number;
    /** What those payments came to, less what was refunded of them. */
    recoveredRevenuePence: Pence;
  };
}

/** The Monday of the week holding the calendar date `iso`. */
export function mondayOf(iso: string): string {
  const day = dateFromIso(iso);
  return isoDateAfter(day, -((day.getUTCDay() + 6) % 7));
}

/** How many weeks the funnel of `from`..`to` lists (0 when `to` is before `from`). */
function weekCount(from: string, to: string): number {
  const days = (dateFromIso(mondayOf(to)).getTime() - dateFromIso(mondayOf(from)).getTime()) / 86_400_000;
  return days < 0 ? 0 : Math.round(days / 7) + 1;
}

/**
 * The range asked for, each end defaulting to the last 12 weeks (this one included) up to today, UK
 * calendar; `to` before `from`, or more than FUNNEL_MAX_WEEKS weeks, is refused.
 */
export function funnelRange(asked: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const today = londonIsoDate(now);
  const to = asked.to ?? today;
  const from = asked.from ?? isoDateAfter(dateFromIso(mondayOf(to)), -7 * (FUNNEL_DEFAULT_WEEKS - 1));
  if (from > to || weekCount(from, to) > FUNNEL_MAX_WEEKS) {
    throw new DomainError('invalid', messages.admin.funnelRange(FUNNEL_MAX_WEEKS));
  }
  return { from, to };
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows);

/** Midnight in London of the calendar date `iso`, as an instant the database compares timestamps with. */
const londonMidnight = (iso: string) => sql`((${iso})::date::timestamp at time zone 'Europe/London')`;

/**
 * The funnel of the students who registered from `from` to `to` (UK calendar dates, both included;
 * funnelRange gives the defaults), and the reminders sent in that range. A week with no registration
 * is listed with zeros.
 */
export async function getFunnel(db: Db, asked: { from?: string; to?: string }, now: Date): Promise<Funnel> {
  const range = funnelRange(asked, now);
  const start = londonMidnight(range.from);
  const end = londonMidnight(isoDateAfter(dateFromIso(range.to), 1));
  const [byWeek, reminders] = await Promise.all([
    // Grouped on the truncated week and formatted afterwards (a few dozen to_char calls, not one per student).
    db.execute(sql`
      select to_char(week, 'YYYY-MM-DD') as week, registered, fee_paid, course_paid, id_approved, completed
      from (
        select date_trunc('week', s.registration_date at time zone 'Europe/London') as week,
               count(*)::int as registered,
               count(*) filter (where s.enrollment_paid)::int as fee_paid,
               count(*) filter (where s.course_paid)::int as course_paid,
               count(*) filter (where v.status = 'approved')::int as id_approved,
               count(*) filter (where s.completion_status = 'completed')::int as completed
        from students s
        left join id_verifications v on v.student_id = s.id
        where s.registration_date >= ${start} and s.registration_date < ${end}
        group by 1
      ) w`),
    db.execute(sql`
      with reminded as (
        select student_id, min(sent_at) as first_sent, count(*) as sent
        from email_outbox
        where template in ('enrolment-reminder', 'course-reminder') and status = 'sent'
          and sent_at >= ${start} and sent_at < ${end}
        group by student_id
      ), paid_after as (
        select r.student_id, sum(p.amount_pence - p.refunded_pence) as pence
        from reminded r
        join payments p on p.student_id = r.student_id
        where p.status = 'completed' and p.completed_at > r.first_sent
        group by r.student_id
      )
      select (select coalesce(sum(sent), 0) from reminded)::int as sent,
             (select count(*) from paid_after)::int as recovered,
             (select coalesce(sum(pence), 0) from paid_after)::bigint as pence`),
  ]);
  const found = new Map(rowsOf(byWeek).map((r) => [String(r.week), r]));
  const totals = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as FunnelCounts;
  const weeks: FunnelWeek[] = [];
  const first = dateFromIso(mondayOf(range.from));
  for (let i = 0; i < weekCount(range.from, range.to); i += 1) {
    const week = isoDateAfter(first, 7 * i);
    const row = found.get(week);
    const counts = Object.fromEntries(STAGES.map((stage) => [stage, Number(row?.[stage] ?? 0)])) as FunnelCounts;
    for (const stage of STAGES) totals[stage] += counts[stage];
    weeks.push({ week, ...counts });
  }
  const r = one(rowsOf(reminders));
  return {
    ...range,
    weeks,
    totals,
    reminders: { sent: Number(r.sent), recovered: Number(r.recovered), recoveredRevenuePence: Number(r.pence) },
  };
}
