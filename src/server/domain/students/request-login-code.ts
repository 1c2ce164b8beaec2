import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { studentLoginCodes } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { LOGIN_CODE_VALID_MINUTES, newLoginCode, type LoginCodeHasher } from '@server/auth/login-codes';
import { enqueueEmail } from '../email/enqueue-email';
import { findStudentByEmail } from './find-student';

/**
 * A new sign-in code for the student of `email` (404 for an unknown email, as the email login), valid
 * from `now` for LOGIN_CODE_VALID_MINUTES: it replaces any earlier code, and its `login-code` email is
 * queued in the same transaction.
 */
export async function requestLoginCode(db: Db, hasher: LoginCodeHasher, email: string, now: Date): Promise<void> {
  const student = await findStudentByEmail(db, email);
  if (!student) throw new DomainError('not_found', messages.student.emailNotFound);
  const code = newLoginCode();
  const values = {
    codeHash: hasher.hash(student.id, code),
    failedAttempts: 0,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_VALID_MINUTES * 60_000),
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(studentLoginCodes)
      .values({ studentId: student.id, ...values })
      .onConflictDoUpdate({ target: studentLoginCodes.studentId, set: values });
    await enqueueEmail(
      tx,
      {
        template: 'login-code',
        to: student.email,
        studentId: student.id,
        data: { firstName: student.firstName, code, validMinutes: LOGIN_CODE_VALID_MINUTES },
      },
      now,
    );
  });
}
