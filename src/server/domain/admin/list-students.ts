import { count } from 'drizzle-orm';
import type { StudentListQuery, StudentListResponse } from '../../../shared/schemas/admin';
import type { Db } from '../../db/client';
import { students } from '../../db/schema';
import { toStudentRecord } from '../students/to-student-record';
import { newestFirst, pageOffset, studentFilterWhere } from './student-filters';

/** One page of students matching the filters, and how many match in all. */
export async function listStudents(db: Db, query: StudentListQuery): Promise<StudentListResponse> {
  const where = studentFilterWhere(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(students)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.page_size)
      .offset(pageOffset(query.page, query.page_size)),
    db.select({ total: count() }).from(students).where(where),
  ]);
  return { students: rows.map(toStudentRecord), total, page: query.page, page_size: query.page_size };
}
