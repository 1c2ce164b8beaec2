import { count, desc } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { one } from '@server/db/rows';
import { emailOutbox } from '@server/db/schema';

/** What the admin delivery log shows of an outbox row: no data (a login code is there until sent). */
export interface EmailLogEntry {
  id: string;
  template: string;
  toAddress: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  sentAt: Date | null;
}

export const logColumns = {
  id: emailOutbox.id,
  template: emailOutbox.template,
  toAddress: emailOutbox.toAddress,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
};

/** The Emails view: the outbox, newest first. */
export async function listEmails(db: Db, page: PageRequest): Promise<Page<EmailLogEntry>> {
  const [rows, totals] = await Promise.all([
    db
      .select(logColumns)
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return { rows, total: one(totals).total };
}
