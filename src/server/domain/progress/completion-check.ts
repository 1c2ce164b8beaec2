import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { totalStages } from '@shared/catalogue';
import { courseHasStarted, formatLongDate, londonIsoDate, stageOpensOn } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { stageProgress, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { summariseProgress } from './summarise-progress';

/**
 * Before an admin completes a student or activates their certificate (docs/product/admin.md): when the course has
 * not started yet, its last stage has not opened yet (the stage calendar) or progress is below 100 %, the action needs `confirm_incomplete: true`, else 409
 * with a detail that says why. The admin dialogs show the same facts and ask for that confirmation.
 * `now`: the app's clock (has the course started?).
 */
export async function requireCompletionConfirmed(
  tx: Db,
  student: Student,
  confirmed: boolean,
  now: Date,
): Promise<void> {
  if (confirmed) return;
  const stages = await tx
    .select({ stageNumber: stageProgress.stageNumber })
    .from(stageProgress)
    .where(eq(stageProgress.studentId, student.id));
  const progress = summariseProgress(
    student.courseType ?? null,
    stages.map((s) => s.stageNumber),
  );
  const m = messages.admin.completionCheck;
  const reasons: string[] = [];
  if (student.courseStartDate && !courseHasStarted(student.courseStartDate, now)) {
    reasons.push(m.notStarted(formatLongDate(student.courseStartDate)));
  } else if (student.courseStartDate && student.courseType) {
    const total = totalStages(student.courseType);
    const lastOpensOn = stageOpensOn(student.courseStartDate, total, total);
    if (londonIsoDate(now) < lastOpensOn) reasons.push(m.lastStageNotOpen(formatLongDate(lastOpensOn)));
  }
  if (progress.percentage < 100) reasons.push(m.incomplete(Math.round(progress.percentage)));
  if (reasons.length > 0) throw new DomainError('conflict', m.needsConfirmation(reasons));
}
