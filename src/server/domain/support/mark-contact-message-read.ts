import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { contactMessages, type ContactMessage } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { one } from '@server/db/rows';

/** Marks a message read at `now` (once; reading it again changes nothing and writes no second audit row). */
export async function markContactMessageRead(
  db: Db,
  admin: AdminActor,
  id: string,
  now: Date,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw new DomainError('not_found', messages.admin.messageNotFound);
    if (row.readAt) return row;
    const updated = one(
      await tx.update(contactMessages).set({ readAt: now }).where(eq(contactMessages.id, id)).returning(),
    );
    await writeAudit(tx, admin, { action: 'message.read', details: { message_id: id, from: row.email } });
    return updated;
  });
}
