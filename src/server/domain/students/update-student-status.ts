import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { CompletionStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { fullName, getStudent } from './find-student';
import { one } from '@server/db/rows';
import { requireCompletionConfirmed } from '../progress/completion-check';

/** The status dropdown: any of the five values, no ordering enforced (docs/product/admin.md). */
export async function updateStudentStatus(
  db: Db,
  admin: AdminActor,
  studentId: string,
  status: CompletionStatus,
  now: Date,
): Promise<Student> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    const updated = await setCompletionStatus(tx, student.id, status, now);
    await writeAudit(tx, admin, {
      action: 'student.status_changed',
      studentId: student.id,
      studentName: fullName(student),
      details: { from: student.completionStatus, to: status },
    });
    return updated;
  });
}

/**
 * The Complete action: only for a student whose course is paid (the button shows only then), and
 * before the course starts (by `now`) or below 100 % only with `confirmIncomplete` (else 409).
 */
export async function completeStudent(
  db: Db,
  admin: AdminActor,
  studentId: string,
  { confirmIncomplete = false }: { confirmIncomplete?: boolean },
  now: Date,
): Promise<Student> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    if (!student.coursePaid) throw new DomainError('invalid', messages.admin.completeNeedsCoursePaid);
    await requireCompletionConfirmed(tx, student, confirmIncomplete, now);
    const updated = await setCompletionStatus(tx, student.id, 'completed', now);
    await writeAudit(tx, admin, {
      action: 'student.completed',
      studentId: student.id,
      studentName: fullName(student),
      details: { from: student.completionStatus, confirmed_incomplete: confirmIncomplete },
    });
    return updated;
  });
}

async function setCompletionStatus(tx: Db, studentId: string, status: CompletionStatus, now: Date): Promise<Student> {
  return one(
    await tx
      .update(students)
      .set({ completionStatus: status, updatedAt: now })
      .where(eq(students.id, studentId))
      .returning(),
  );
}
