import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ProgressListQuery, ProgressListResponse } from '@shared/schemas/admin';
import { summariseProgress } from '@shared/progress';
import type { Db } from '@server/db/client';
import { stageProgress, students } from '@server/db/schema';
import { pageOfStudents, studentFilterWhere } from './student-filters';

/** Course Progress tab: students whose course is paid, one page at a time, with their stages. */
export async function listStudentProgress(db: Db, query: ProgressListQuery): Promise<ProgressListResponse> {
  const where = and(eq(students.coursePaid, true), isNotNull(students.courseType), studentFilterWhere(query));
  const { rows, total } = await pageOfStudents(db, where, query);
  const stages = rows.length
    ? await db
        .select({ studentId: stageProgress.studentId, stageNumber: stageProgress.stageNumber })
        .from(stageProgress)
        .where(
          inArray(
            stageProgress.studentId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    students: rows.map((row) => ({
      student_id: row.id,
      student_name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      course_type: row.courseType!,
      ...summariseProgress(
        row.courseType,
        stages.filter((s) => s.studentId === row.id).map((s) => s.stageNumber),
      ),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
