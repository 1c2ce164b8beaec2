import type { Db } from '@server/db/client';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { eraseStudent } from './erase-student';
import { getStudent } from './find-student';

/**
 * An admin deletes a student (docs/product/admin.md): the erasure of erase-student.ts, under the
 * student's row lock, audited. Refused with 409 while a card payment of theirs is pending.
 */
export async function deleteStudent(db: Db, admin: AdminActor, studentId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    await eraseStudent(tx, student, admin, now);
    await writeAudit(tx, admin, { action: 'student.deleted', studentId: student.id });
  });
}
