/**
 * Sends a broadcast (docs/product/admin.md#broadcasts): one outbox row per reachable student of its
 * segment, written by ONE insert … select in the database, in the transaction that marks the
 * broadcast sent. The broadcast's row is locked first, so of two sends at once the second waits, then
 * finds it sent and is refused: a broadcast goes once. Each row's dedupe key
 * (`broadcast:{id}:{lower(email)}`) makes the insert write at most one e-mail per address even so.
 * The outbox worker sends them with its retries.
 */
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { broadcasts } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { inSegment, reachable, rowsOf } from './segment';

/** How long the statement writing a broadcast's e-mails may run (docs/perf/broadcast-1000.md). */
const SEND_TIMEOUT_S = 120;

/** The outbox dedupe key of a broadcast's e-mails starts with this. */
export const broadcastKeyPrefix = (broadcastId: string) => `broadcast:${broadcastId}:`;

export interface BroadcastSent {
  /** E-mails written to the outbox. */
  queued: number;
  /** Students of the segment written to no e-mail: opted out or unsubscribed. */
  skipped: number;
}

export async function sendBroadcast(db: Db, admin: AdminActor, id: string, now: Date): Promise<BroadcastSent> {
  return db.transaction(async (tx) => {
    // One statement writes every e-mail (the body copied into each): 100,000 students take seconds,
    // more than DB_STATEMENT_TIMEOUT_MS allows a request; and a second send waits for the lock that long.
    await tx.execute(sql.raw(`set local statement_timeout = '${SEND_TIMEOUT_S}s'`));
    const [broadcast] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id)).for('update');
    if (!broadcast) throw new DomainError('not_found', messages.admin.broadcastNotFound);
    if (broadcast.sentAt) throw new DomainError('conflict', messages.admin.broadcastAlreadySent);
    const segment = inSegment(broadcast.segment);
    // The count of the segment reads the snapshot before the insert: the statement's own rows are not in it.
    const counts = one(
      rowsOf(
        await tx.execute(sql`
          with queued as (
            insert into email_outbox (template, to_address, student_id, data, dedupe_key, next_attempt_at)
            select 'broadcast', s.email, s.id,
                   jsonb_build_object('subject', ${broadcast.subject}::text, 'body', ${broadcast.body}::text,
                                      'firstName', s.first_name),
                   ${broadcastKeyPrefix(id)} || lower(s.email), ${now.toISOString()}::timestamptz
            from students s
            where ${segment} and ${reachable}
            on conflict (dedupe_key) do nothing
            returning 1
          )
          select (select count(*) from queued)::int as queued,
                 (select count(*) from students s where ${segment})::int as in_segment`),
      ),
    );
    const queued = Number(counts.queued);
    const skipped = Number(counts.in_segment) - queued;
    await tx
      .update(broadcasts)
      .set({ sentAt: now, sentByUsername: admin.username, queued, skipped })
      .where(eq(broadcasts.id, id));
    await writeAudit(tx, admin, {
      action: 'broadcast.sent',
      details: { broadcast_id: id, subject: broadcast.subject, queued, skipped },
    });
    return { queued, skipped };
  });
}
