import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { stageProgress, students, type Student } from '@server/db/schema';
import { notFound } from '@server/errors';
import { messages } from '@shared/messages';
import { isStudentId } from '@server/domain/students/find-student';
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

/**
 * A student's progress by id in one round trip (the dashboard reads it often): the student row and
 * their completed stage numbers together. 404 for an unknown id.
 */
export async function getProgressById(db: Db, studentId: string): Promise<StudentProgress> {
  if (!isStudentId(studentId)) throw notFound(messages.admin.studentNotFound);
  const [row] = await db
    .select({
      student: students,
      stages: sql<
        number[]
      >`coalesce((select json_agg(${stageProgress.stageNumber}) from ${stageProgress} where ${stageProgress.studentId} = ${students.id}), '[]'::json)`,
    })
    .from(students)
    .where(eq(students.id, studentId))
    .limit(1);
  if (!row) throw notFound(messages.admin.studentNotFound);
  return { student: row.student, progress: summariseProgress(row.student.courseType ?? null, row.stages) };
}
