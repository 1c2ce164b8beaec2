import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { DomainError } from '@server/errors';
import type { TokenService } from '@server/auth/tokens';
import { findStudentByEmail } from './find-student';
import type { CourseAccessUrls } from '../settings/site-settings';
import { getStudentAccount, type StudentAccount } from './student-account';

/** Email-only login (STUDENT_LOGIN=email, docs/product/student-area.md): the student's account and a bearer token. Case-insensitive. */
export async function logInStudent(
  db: Db,
  tokens: TokenService,
  site: { courseAccessUrls: CourseAccessUrls },
  email: string,
  now: Date,
): Promise<{ account: StudentAccount; token: string }> {
  const student = await findStudentByEmail(db, email);
  if (!student) throw new DomainError('not_found', messages.student.emailNotFound);
  return {
    account: await getStudentAccount(db, student, site, now),
    token: await tokens.studentToken(student.id, now),
  };
}
