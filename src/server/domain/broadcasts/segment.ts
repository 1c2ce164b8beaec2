/**
 * Who a broadcast reaches (docs/product/admin.md#broadcasts), as SQL over `students s`: the segment's
 * fields narrow it (course: the course chosen; start_date: the course start date; paid: whether the
 * enrolment fee is paid), and a student who said no at step 1 or whose address is on the suppression
 * list is skipped. Counting and sending use the same conditions, so the count is what a send queues.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BroadcastSegment } from '@server/db/schema';

export function inSegment(segment: BroadcastSegment): SQL {
  const conditions: SQL[] = [sql`true`];
  if (segment.course) conditions.push(sql`s.course_type = ${segment.course}`);
  if (segment.start_date) conditions.push(sql`s.course_start_date = ${segment.start_date}`);
  if (segment.paid !== undefined) conditions.push(sql`s.enrollment_paid = ${segment.paid}`);
  return sql.join(conditions, sql` and `);
}

/** Not opted out at step 1 and not unsubscribed (suppressions are stored lower-cased). */
export const reachable = sql`(not s.marketing_opt_out
  and not exists (select 1 from email_suppressions e where e.email = lower(s.email)))`;

/** The segment's field names as stored with the broadcast (only those given). */
export const storedSegment = (segment: BroadcastSegment): BroadcastSegment =>
  Object.fromEntries(Object.entries(segment).filter(([, value]) => value !== undefined));

type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows);
