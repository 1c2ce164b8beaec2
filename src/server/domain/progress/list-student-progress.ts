import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import type { Page, PageRequest } from '@server/db/pagination';
import { stageProgress, students } from '@server/db/schema';
import { pageOfStudents, studentFilterWhere } from '../students/student-filters';
import type { StudentProgress } from './get-progress';
import { summariseProgress } from './summarise-progress';

export interface PaidCourseProgress extends StudentProgress {
  courseType: CourseType;
}

/** Course Progress tab: students whose course is paid, one page at a time, with their stages. */
export async function listStudentProgress(
  db: Db,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<PaidCourseProgress>> {
  const where = and(eq(students.coursePaid, true), isNotNull(students.courseType), studentFilterWhere({ search }));
  const { rows, total } = await pageOfStudents(db, where, page);
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
    rows: rows.map((student) => ({
      student,
      // The query keeps only students whose course is chosen and paid.
      courseType: student.courseType as CourseType,
      progress: summariseProgress(
        student.courseType,
        stages.filter((s) => s.studentId === student.id).map((s) => s.stageNumber),
      ),
    })),
    total,
  };
}
