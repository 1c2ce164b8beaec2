import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import type { CompletionStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { students, type Student } from '@server/db/schema';

/** The admin list filters (every one optional). */
export interface StudentFilter {
  search?: string;
  status?: CompletionStatus;
  course?: CourseType;
}

/** `%term%` for LIKE, with the term lower-cased and its own % _ \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The students matching the admin filters. The search is written with exactly the expression of
 * students_search_trgm_idx (drizzle/0000_init.sql) so PostgreSQL can answer it from that index.
 */
export function studentFilterWhere(filter: StudentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const term = filter.search?.trim();
  if (term) {
    conditions.push(
      sql`lower(${students.firstName} || ' ' || ${students.lastName} || ' ' || ${students.email}) like ${containsPattern(term)}`,
    );
  }
  if (filter.status) conditions.push(eq(students.completionStatus, filter.status));
  if (filter.course) conditions.push(eq(students.courseType, filter.course));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Newest registration first; the id breaks ties. Spelled exactly as students_registration_date_idx
 * (DESC NULLS LAST, id) so PostgreSQL reads pages from that index: a bare DESC means NULLS FIRST,
 * which the planner does not match to the index and answers with a full scan and sort.
 */
export const newestFirst = [sql`${students.registrationDate} desc nulls last`, sql`${students.id} asc`];

/** One page of whole student rows matching `where`, newest first, and how many match in all. */
export async function pageOfStudents(db: Db, where: SQL | undefined, page: PageRequest): Promise<Page<Student>> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(students)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(students).where(where),
  ]);
  return { rows, total: one(totals).total };
}
