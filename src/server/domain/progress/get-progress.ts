import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { stageProgress, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { messages } from '@shared/messages';
import { isStudentId } from '@server/domain/students/find-student';
import { summariseProgress, type ProgressSummary } from './summarise-progress';

export interface StudentProgress {
  student: Student;
  progress: ProgressSummary;
}

/** What the student's own progress view shows of the student (toStudentProgress). */
export type ProgressStudent = Pick<
  Student,
  'id' | 'firstName' | 'lastName' | 'email' | 'courseType' | 'coursePaid' | 'courseStartDate'
>;

/** A progress read with only the student columns the progress view shows. */
export interface StudentProgressView {
  student: ProgressStudent;
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

/** The student's progress through their course's stages (docs/product/student-area.md). */
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

function prepareProgressQuery(db: Db) {
  return db
    .select({
      // Only the columns the response shows: fewer fields for the driver to describe and parse per read.
      student: {
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        courseType: students.courseType,
        coursePaid: students.coursePaid,
        courseStartDate: students.courseStartDate,
      },
      stages: sql<
        number[]
      >`coalesce((select json_agg(${stageProgress.stageNumber}) from ${stageProgress} where ${stageProgress.studentId} = ${students.id}), '[]'::json)`,
    })
    .from(students)
    .where(eq(students.id, sql.placeholder('id')))
    .limit(1)
    .prepare('student_progress_by_id');
}
/** Prepared once per database (and once per pooled connection by the driver). */
const progressQueries = new WeakMap<Db, ReturnType<typeof prepareProgressQuery>>();

/**
 * A student's progress by id in one round trip (the dashboard reads it often): the student row and
 * their completed stage numbers together. 404 for an unknown id. Whether the caller may read it, and
 * whether their token is still valid, the route and the auth plugin have checked.
 */
export async function getProgressById(db: Db, studentId: string): Promise<StudentProgressView> {
  if (!isStudentId(studentId)) throw new DomainError('not_found', messages.admin.studentNotFound);
  let query = progressQueries.get(db);
  if (!query) progressQueries.set(db, (query = prepareProgressQuery(db)));
  const [row] = await query.execute({ id: studentId });
  if (!row) throw new DomainError('not_found', messages.admin.studentNotFound);
  return { student: row.student, progress: summariseProgress(row.student.courseType ?? null, row.stages) };
}
