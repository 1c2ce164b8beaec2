import { sql } from 'drizzle-orm';
import type { BroadcastSegment } from '@server/db/schema';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { inSegment, reachable, rowsOf } from './segment';

export interface RecipientCount {
  /** Who a send would write to now. */
  recipients: number;
  /** In the segment, but opted out at step 1 or unsubscribed. */
  suppressed: number;
}

/** How many students of `segment` a broadcast would reach now, counted in one statement. */
export async function countBroadcastRecipients(db: Db, segment: BroadcastSegment): Promise<RecipientCount> {
  const row = one(
    rowsOf(
      await db.execute(sql`
        select count(*) filter (where ${reachable})::int as recipients,
               count(*) filter (where not ${reachable})::int as suppressed
        from students s where ${inSegment(segment)}`),
    ),
  );
  return { recipients: Number(row.recipients), suppressed: Number(row.suppressed) };
}
