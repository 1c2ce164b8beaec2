import type { Db } from '@server/db/client';
import type { Page, PageRequest } from '@server/db/pagination';
import type { Student } from '@server/db/schema';
import { pageOfStudents, studentFilterWhere } from './student-filters';

/** Referral Codes tab: every student (matching the search) with their code and payment state. */
export function listReferralCodes(db: Db, search: string | undefined, page: PageRequest): Promise<Page<Student>> {
  return pageOfStudents(db, studentFilterWhere({ search }), page);
}
