import { count, desc, getTableColumns, sql } from 'drizzle-orm';
import type { EmailStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { one } from '@server/db/rows';
import { broadcasts, type Broadcast } from '@server/db/schema';

export interface BroadcastWithDelivery extends Broadcast {
  /** Of its outbox e-mails: how many have gone, and how many failed for good. */
  delivered: number;
  failed: number;
}

/** Qualified: drizzle writes a column of a one-table select bare, which inside the subquery would be the outbox's id. */
const broadcastId = sql.raw('"broadcasts"."id"');

/**
 * How many of a broadcast's e-mails are in `status`, found in the outbox by dedupe key prefix
 * (`broadcast:{id}:`). The bounds use the byte-wise operators ~>=~ and ~<~, which the outbox's
 * text_pattern_ops index on dedupe_key answers (a LIKE with a pattern built per row would not).
 */
const emailsIn = (status: EmailStatus) =>
  sql<number>`(select count(*) from email_outbox o
    where o.status = ${status}
      and o.dedupe_key ~>=~ ('broadcast:' || ${broadcastId}::text || ':')
      and o.dedupe_key ~<~ ('broadcast:' || ${broadcastId}::text || ';'))`.mapWith(Number);

/** The broadcasts, newest first, a page at a time, with their e-mails' delivery so far. */
export async function listBroadcasts(db: Db, page: PageRequest): Promise<Page<BroadcastWithDelivery>> {
  const [rows, totals] = await Promise.all([
    db
      .select({ ...getTableColumns(broadcasts), delivered: emailsIn('sent'), failed: emailsIn('failed') })
      .from(broadcasts)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(broadcasts),
  ]);
  return { rows, total: one(totals).total };
}
