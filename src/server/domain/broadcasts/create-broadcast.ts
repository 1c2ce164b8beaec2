import type { BroadcastSegment } from '@server/db/schema';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { broadcasts } from '@server/db/schema';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { countBroadcastRecipients } from './count-broadcast-recipients';
import { storedSegment } from './segment';

export interface BroadcastDraft {
  subject: string;
  body: string;
  segment: BroadcastSegment;
}

/** Saves a broadcast, not yet sent, with how many it would reach now; audited. */
export async function createBroadcast(
  db: Db,
  admin: AdminActor,
  draft: BroadcastDraft,
): Promise<{ id: string; recipients: number }> {
  return db.transaction(async (tx) => {
    const segment = storedSegment(draft.segment);
    const { recipients } = await countBroadcastRecipients(tx, segment);
    const row = one(
      await tx
        .insert(broadcasts)
        .values({
          subject: draft.subject,
          body: draft.body,
          segment,
          recipients,
          createdBy: admin.adminId,
          createdByUsername: admin.username,
        })
        .returning({ id: broadcasts.id }),
    );
    await writeAudit(tx, admin, {
      action: 'broadcast.created',
      details: { broadcast_id: row.id, subject: draft.subject, segment, recipients },
    });
    return { id: row.id, recipients };
  });
}
