import { eq } from 'drizzle-orm';
import { summariseProgress } from '@shared/progress';
import type { StudentProgress } from '@shared/schemas/student-area';
import type { Db } from '@server/db/client';
import { stageProgress, type Student } from '@server/db/schema';

export async function completedStages(
  db: Db,
  studentId: string,
): Promise<{ stageNumber: number; completedAt: Date }[]> {
  return db
    .select({ stageNumber: stageProgress.stageNumber, completedAt: stageProgress.completedAt })
    .from(stageProgress)
    .where(eq(stageProgress.studentId, studentId));
}

/** The progress record of SPEC.md section 3; percentages are computed here, never by the client. */
export async function getProgress(db: Db, student: Student): Promise<StudentProgress> {
  const stages = await completedStages(db, student.id);
  return {
    student_id: student.id,
    student_name: `${student.firstName} ${student.lastName}`,
    email: student.email,
    course_type: student.courseType ?? null,
    course_paid: student.coursePaid,
    ...summariseProgress(
      student.courseType ?? null,
      stages.map((s) => s.stageNumber),
    ),
  };
}
