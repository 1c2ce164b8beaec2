import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { studentLoginCodes } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { LOGIN_CODE_MAX_FAILURES, type LoginCodeHasher } from '@server/auth/login-codes';
import type { TokenService } from '@server/auth/tokens';
import { findStudentByEmail } from './find-student';
import type { CourseAccessUrls } from '../settings/site-settings';
import { getStudentAccount, type StudentAccount } from './student-account';

type Outcome = { ok: true } | { ok: false; detail: string };

/**
 * Signs in at `now` with the code sent by email: single use, valid ten minutes, invalid after five
 * wrong tries (or when a newer code was sent). Returns the same as the email login.
 */
export async function verifyLoginCode(
  db: Db,
  deps: { tokens: TokenService; hasher: LoginCodeHasher; courseAccessUrls: CourseAccessUrls },
  email: string,
  code: string,
  now: Date,
): Promise<{ account: StudentAccount; token: string }> {
  const student = await findStudentByEmail(db, email);
  if (!student) throw new DomainError('invalid', messages.student.codeExpired);
  // The outcome is decided and recorded in one transaction (the row locked), then reported: a
  // wrong try must be counted even though the request fails.
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({
        codeHash: studentLoginCodes.codeHash,
        failedAttempts: studentLoginCodes.failedAttempts,
        expired: sql<boolean>`${studentLoginCodes.expiresAt} <= ${now.toISOString()}::timestamptz`,
      })
      .from(studentLoginCodes)
      .where(eq(studentLoginCodes.studentId, student.id))
      .for('update');
    if (!row || row.expired) {
      if (row) await tx.delete(studentLoginCodes).where(eq(studentLoginCodes.studentId, student.id));
      return { ok: false, detail: messages.student.codeExpired };
    }
    if (!deps.hasher.matches(student.id, code, row.codeHash)) {
      if (row.failedAttempts + 1 >= LOGIN_CODE_MAX_FAILURES) {
        await tx.delete(studentLoginCodes).where(eq(studentLoginCodes.studentId, student.id));
        return { ok: false, detail: messages.student.codeTooManyTries };
      }
      await tx
        .update(studentLoginCodes)
        .set({ failedAttempts: row.failedAttempts + 1 })
        .where(eq(studentLoginCodes.studentId, student.id));
      return { ok: false, detail: messages.student.codeWrong };
    }
    await tx.delete(studentLoginCodes).where(eq(studentLoginCodes.studentId, student.id));
    return { ok: true };
  });
  if (!outcome.ok) throw new DomainError('invalid', outcome.detail);
  return {
    account: await getStudentAccount(db, student, deps, now),
    token: await deps.tokens.studentToken(student.id, now),
  };
}
