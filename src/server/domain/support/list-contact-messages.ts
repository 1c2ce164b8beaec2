import { asc, count, desc, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import {
  contactMessageReplies,
  contactMessages,
  type ContactMessage,
  type ContactMessageReply,
} from '@server/db/schema';

export type ContactMessageWithReplies = ContactMessage & { replies: ContactMessageReply[] };

/** Messages view: contact form messages, newest first, each with its replies (oldest first), and the unread count. */
export async function listContactMessages(
  db: Db,
  page: PageRequest,
): Promise<Page<ContactMessageWithReplies> & { unread: number }> {
  const [rows, totals, unreads] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(contactMessages),
    db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  // The page's replies in one query (contact_message_replies_message_idx).
  const replies = rows.length
    ? await db
        .select()
        .from(contactMessageReplies)
        .where(
          inArray(
            contactMessageReplies.messageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id))
    : [];
  const withReplies = rows.map((row) => ({ ...row, replies: replies.filter((reply) => reply.messageId === row.id) }));
  return { rows: withReplies, total: one(totals).total, unread: one(unreads).unread };
}
