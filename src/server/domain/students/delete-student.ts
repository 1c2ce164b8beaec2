import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { auditLog, students } from '@server/db/schema';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { getStudent } from './find-student';

/**
 * Deletes a student (docs/product/admin.md): the personal data goes in one transaction (the row, and by
 * cascade progress, the ID record with its encrypted document, and the certificate; their name in
 * earlier audit entries); payment rows stay with the student link cleared by the foreign key, and
 * the audit trail stays.
 */
export async function deleteStudent(db: Db, admin: AdminActor, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    await tx.delete(students).where(eq(students.id, student.id));
    await tx.update(auditLog).set({ studentName: null }).where(eq(auditLog.studentId, student.id));
    await writeAudit(tx, admin, { action: 'student.deleted', studentId: student.id });
  });
}
