import { messages } from '@shared/messages';
import type { StudentAreaRecord, StudentLoginResponse } from '@shared/schemas/student-area';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import type { Student } from '@server/db/schema';
import { notFound } from '@server/errors';
import type { TokenService } from '@server/lib/tokens';
import { findIdVerification, idStatusOf } from '../id-verification/get-id-status';
import { findStudentByEmail } from './find-student';
import { toStudentAreaRecord } from './to-student-record';

export async function getStudentAreaRecord(
  db: Db,
  config: Pick<Config, 'courseAccessUrls'>,
  student: Student,
): Promise<StudentAreaRecord> {
  const verification = await findIdVerification(db, student.id);
  return toStudentAreaRecord(student, idStatusOf(verification), config.courseAccessUrls);
}

/** Email-only login (SPEC.md section 2): the student's record and a bearer token. Case-insensitive. */
export async function logInStudent(
  db: Db,
  tokens: TokenService,
  config: Pick<Config, 'courseAccessUrls'>,
  email: string,
): Promise<StudentLoginResponse> {
  const student = await findStudentByEmail(db, email);
  if (!student) throw notFound(messages.student.emailNotFound);
  return { ...(await getStudentAreaRecord(db, config, student)), token: await tokens.studentToken(student.id) };
}
