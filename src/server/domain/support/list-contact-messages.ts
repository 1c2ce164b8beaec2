import { count, desc, isNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { contactMessages, type ContactMessage } from '@server/db/schema';

/** Messages view: contact form messages, newest first, with the unread count. */
export async function listContactMessages(
  db: Db,
  page: PageRequest,
): Promise<Page<ContactMessage> & { unread: number }> {
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
  return { rows, total: one(totals).total, unread: one(unreads).unread };
}
