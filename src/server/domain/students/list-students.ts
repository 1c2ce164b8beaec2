import type { Db } from '@server/db/client';
import type { Page, PageRequest } from '@server/db/pagination';
import type { Student } from '@server/db/schema';
import { pageOfStudents, studentFilterWhere, type StudentFilter } from './student-filters';

/** Student Management: one page of students matching the filters, and how many match in all. */
export function listStudents(db: Db, filter: StudentFilter, page: PageRequest): Promise<Page<Student>> {
  return pageOfStudents(db, studentFilterWhere(filter), page);
}
