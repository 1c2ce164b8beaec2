import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AssessmentStatus } from '@shared/assessments';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { admins, assessmentSubmissions, students } from '@server/db/schema';
import { fullName } from '../students/find-student';
import { submissionColumns, type SubmissionSummary } from './find-assessment';

export interface AssessmentEntry extends SubmissionSummary {
  studentName: string;
  courseType: CourseType | null;
  reviewedByName: string | null;
}

/**
 * Submissions with one status, a page at a time: waiting ones oldest first (the order to review them
 * in), decided ones newest first.
 */
export async function listAssessments(
  db: Db,
  status: AssessmentStatus,
  page: PageRequest,
): Promise<Page<AssessmentEntry>> {
  const order =
    status === 'pending'
      ? [asc(assessmentSubmissions.submittedAt), asc(assessmentSubmissions.id)]
      : [desc(assessmentSubmissions.reviewedAt), desc(assessmentSubmissions.id)];
  const rows = await db
    .select({
      ...submissionColumns,
      firstName: students.firstName,
      lastName: students.lastName,
      courseType: students.courseType,
      reviewedByName: admins.username,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(assessmentSubmissions)
    .innerJoin(students, eq(students.id, assessmentSubmissions.studentId))
    .leftJoin(admins, eq(admins.id, assessmentSubmissions.reviewedBy))
    .where(eq(assessmentSubmissions.status, status))
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const total = rows[0]?.total ?? (await countWithStatus(db, status));
  return {
    total,
    rows: rows.map(({ firstName, lastName, total: _total, ...row }) => ({
      ...row,
      studentName: fullName({ firstName, lastName }),
    })),
  };
}

/** The count when the page asked for is past the last one (no row carries the window count). */
async function countWithStatus(db: Db, status: AssessmentStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.status, status));
  return row?.n ?? 0;
}
