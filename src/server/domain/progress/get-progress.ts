import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { stageProgress, type Student } from '@server/db/schema';
import { summariseProgress, type ProgressSummary } from './summarise-progress';

export interface StudentProgress {
  student: Student;
  progress: ProgressSummary;
}

export async function completedStages(
  db: Db,
  studentId: string,
): Promise<{ stageNumber: number; completedAt: Date }[]> {
  return db
    .select({ stageNumber: stageProgress.stageNumber, completedAt: stageProgress.completedAt })
    .from(stageProgress)
    .where(eq(stageProgress.studentId, studentId));
}

/** The student's progress through their course's stages (SPEC.md section 3 "Student progress record"). */
export async function getProgress(db: Db, student: Student): Promise<StudentProgress> {
  const stages = await completedStages(db, student.id);
  return {
    student,
    progress: summariseProgress(
      student.courseType ?? null,
      stages.map((s) => s.stageNumber),
    ),
  };
}
