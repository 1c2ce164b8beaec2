import { count, desc } from 'drizzle-orm';
import type { AuditListResponse, PaginationQuery } from '@shared/schemas/admin';
import type { Db } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import { pageOffset } from './student-filters';

/** Activity view: who did what to which student, newest first. */
export async function listAuditLog(db: Db, query: PaginationQuery): Promise<AuditListResponse> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset(pageOffset(query.page, query.page_size)),
    db.select({ total: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      admin_username: r.adminUsername,
      action: r.action,
      student_id: r.studentId,
      student_name: r.studentName,
      details: r.details,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
