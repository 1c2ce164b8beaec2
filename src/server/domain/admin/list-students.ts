import type { StudentListQuery, StudentListResponse } from '@shared/schemas/admin';
import type { Db } from '@server/db/client';
import { toStudentRecord } from '../students/to-student-record';
import { pageOfStudents, studentFilterWhere } from './student-filters';

/** One page of students matching the filters, and how many match in all. */
export async function listStudents(db: Db, query: StudentListQuery): Promise<StudentListResponse> {
  const { rows, total } = await pageOfStudents(db, studentFilterWhere(query), query);
  return { students: rows.map(toStudentRecord), total, page: query.page, page_size: query.page_size };
}
