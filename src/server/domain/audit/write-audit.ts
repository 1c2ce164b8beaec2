import type { AuditAction } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { auditLog } from '@server/db/schema';
import type { AdminActor } from '../actor';

/** Who an audit row names: an admin, or the system (adminId null: the reconciler, Square's webhook). */
export type AuditActor = Pick<AdminActor, 'username'> & { adminId: string | null };

/** Call inside the same transaction as the change it records. */
export async function writeAudit(
  tx: Db,
  /** An admin, or the system (adminId null, e.g. the payment reconciler). */
  admin: AuditActor,
  entry: {
    action: AuditAction;
    studentId?: string | null;
    studentName?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: admin.adminId,
    adminUsername: admin.username,
    action: entry.action,
    studentId: entry.studentId ?? null,
    studentName: entry.studentName ?? null,
    details: entry.details ?? null,
  });
}
