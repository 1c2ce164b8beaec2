import { count, desc, eq, isNull } from 'drizzle-orm';
import { messages as texts } from '@shared/messages';
import type { ContactMessage, MessageListResponse, PaginationQuery } from '@shared/schemas/admin';
import type { Db } from '@server/db/client';
import { contactMessages } from '@server/db/schema';
import { notFound } from '@server/errors';
import type { AdminAuth } from '@server/plugins/auth';
import { writeAudit } from '../audit/write-audit';
import { pageOffset } from './student-filters';

type Row = typeof contactMessages.$inferSelect;

const toContactMessage = (row: Row): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  category: row.category,
  message: row.message,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** Messages view: contact form messages, newest first, with the unread count. */
export async function listContactMessages(db: Db, query: PaginationQuery): Promise<MessageListResponse> {
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.page_size)
      .offset(pageOffset(query.page, query.page_size)),
    db.select({ total: count() }).from(contactMessages),
    db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { messages: rows.map(toContactMessage), total, unread, page: query.page, page_size: query.page_size };
}

/** Marks a message read (once; reading it again changes nothing and writes no second audit row). */
export async function markContactMessageRead(db: Db, admin: AdminAuth, id: string): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw notFound(texts.admin.messageNotFound);
    if (row.readAt) return toContactMessage(row);
    const [updated] = await tx
      .update(contactMessages)
      .set({ readAt: new Date() })
      .where(eq(contactMessages.id, id))
      .returning();
    await writeAudit(tx, admin, { action: 'message.read', details: { message_id: id, from: row.email } });
    return toContactMessage(updated);
  });
}
