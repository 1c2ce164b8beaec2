import { count, desc } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { auditLog, type AuditEntry } from '@server/db/schema';

/** Activity view: who did what to which student, newest first. */
export async function listAuditLog(db: Db, page: PageRequest): Promise<Page<AuditEntry>> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: one(totals).total };
}
