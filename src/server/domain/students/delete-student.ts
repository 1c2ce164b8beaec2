import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { auditLog, idVerifications, students } from '@server/db/schema';
import type { AdminActor } from '../actor';
import type { DocumentStorage } from '@server/storage/storage';
import { writeAudit } from '../audit/write-audit';
import { getStudent } from './find-student';

/**
 * Deletes a student (DESIGN.md section 8): the personal data goes (the row, progress, ID record and
 * certificate by cascade, their name in earlier audit entries, then the ID document file); payment
 * rows stay with the student link cleared by the foreign key, and the audit trail stays.
 */
export async function deleteStudent(
  db: Db,
  storage: DocumentStorage,
  admin: AdminActor,
  studentId: string,
): Promise<{ documentRemoved: boolean }> {
  const documentKey = await db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    const [verification] = await tx
      .select({ documentKey: idVerifications.documentKey })
      .from(idVerifications)
      .where(eq(idVerifications.studentId, student.id));
    await tx.delete(students).where(eq(students.id, student.id));
    await tx.update(auditLog).set({ studentName: null }).where(eq(auditLog.studentId, student.id));
    await writeAudit(tx, admin, { action: 'student.deleted', studentId: student.id });
    return verification?.documentKey ?? null;
  });
  // After the commit: a rolled-back delete must not lose the document. The student is gone either
  // way, so a storage failure is reported to the caller (to log) rather than failing the request.
  if (!documentKey) return { documentRemoved: true };
  try {
    await storage.remove(documentKey);
    return { documentRemoved: true };
  } catch {
    return { documentRemoved: false };
  }
}
