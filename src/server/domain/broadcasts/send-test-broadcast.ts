import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { broadcasts } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';

export const TEST_SUBJECT_PREFIX = '[Test] ';

/**
 * One copy of a broadcast to `to` (the owner's own address, usually), its subject starting "[Test] ":
 * through the outbox like the real thing, with no dedupe key, so it is neither counted with the
 * broadcast's e-mails nor stops a later test. A sent broadcast may be tested too.
 */
export async function sendTestBroadcast(db: Db, admin: AdminActor, id: string, to: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [broadcast] = await tx.select().from(broadcasts).where(eq(broadcasts.id, id));
    if (!broadcast) throw new DomainError('not_found', messages.admin.broadcastNotFound);
    await enqueueEmail(
      tx,
      {
        template: 'broadcast',
        to,
        data: { subject: `${TEST_SUBJECT_PREFIX}${broadcast.subject}`, body: broadcast.body },
      },
      now,
    );
    await writeAudit(tx, admin, { action: 'broadcast.test_sent', details: { broadcast_id: id, to } });
  });
}
