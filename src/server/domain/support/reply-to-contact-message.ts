import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { contactMessageReplies, contactMessages, type ContactMessageReply } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';

/**
 * An admin answers a contact message (docs/product/admin.md#messages): the reply is kept under the
 * message and e-mailed to its sender (template contact-reply, quoting the message) in the same
 * transaction, so the e-mail exists exactly when the reply does; audited. Answering reads the message,
 * so an unread one is marked read.
 */
export async function replyToContactMessage(
  db: Db,
  admin: AdminActor,
  messageId: string,
  body: string,
  now: Date,
): Promise<ContactMessageReply> {
  return db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    if (!message) throw new DomainError('not_found', messages.admin.messageNotFound);
    const reply = one(
      await tx
        .insert(contactMessageReplies)
        .values({ messageId, adminId: admin.adminId, adminUsername: admin.username, body, createdAt: now })
        .returning(),
    );
    if (!message.readAt) await tx.update(contactMessages).set({ readAt: now }).where(eq(contactMessages.id, messageId));
    await enqueueEmail(
      tx,
      {
        template: 'contact-reply',
        to: message.email,
        data: { name: message.name, body, originalSubject: message.subject, originalMessage: message.message },
      },
      now,
    );
    await writeAudit(tx, admin, {
      action: 'message.replied',
      details: { message_id: messageId, reply_id: reply.id, to: message.email },
    });
    return reply;
  });
}
