import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { auditLog, payments, students } from '@server/db/schema';
import { conflict } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { getStudent } from './find-student';

/**
 * Deletes a student (docs/product/admin.md): the personal data goes in one transaction (the row, and by
 * cascade progress, the ID record with its encrypted document, and the certificate; their name in
 * earlier audit entries); payment rows stay with the student link cleared by the foreign key, and
 * the audit trail stays.
 *
 * A card payment still pending refuses the delete with 409, as it refuses Mark Paid: its charge may
 * be under way, and the payment could no longer be recorded on anyone. The check runs under the
 * student's row lock, which a card payment also holds while it writes its pending row, so either the
 * delete comes first (the payment then finds no student and charges nothing) or it sees the payment.
 */
export async function deleteStudent(db: Db, admin: AdminActor, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    const [pending] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.studentId, student.id), eq(payments.status, 'pending')))
      .limit(1);
    if (pending) throw conflict(messages.admin.deleteWhilePaying);
    await tx.delete(students).where(eq(students.id, student.id));
    await tx.update(auditLog).set({ studentName: null }).where(eq(auditLog.studentId, student.id));
    await writeAudit(tx, admin, { action: 'student.deleted', studentId: student.id });
  });
}
