import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EmailStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { one } from '@server/db/rows';
import { emailOutbox } from '@server/db/schema';
import { containsPattern } from '../students/student-filters';

/** What the admin delivery log shows of an outbox row: no data (a login code is there until sent). */
export interface EmailLogEntry {
  id: string;
  template: string;
  toAddress: string;
  status: EmailStatus;
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

export interface EmailFilter {
  status?: EmailStatus;
  /** Part of the recipient's address. */
  search?: string;
}

function filterWhere(filter: EmailFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(emailOutbox.status, filter.status));
  const term = filter.search?.trim();
  if (term) conditions.push(sql`lower(${emailOutbox.toAddress}) like ${containsPattern(term)}`);
  return conditions.length ? and(...conditions) : undefined;
}

/** The Emails view: the outbox, newest first, filtered by status and recipient. */
export async function listEmails(db: Db, filter: EmailFilter, page: PageRequest): Promise<Page<EmailLogEntry>> {
  const where = filterWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select(logColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: one(totals).total };
}
