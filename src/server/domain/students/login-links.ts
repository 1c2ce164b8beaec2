import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { studentLoginLinks } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { LOGIN_LINK_VALID_MINUTES, newLoginLinkSecret, type LoginLinkHasher } from '@server/auth/login-links';
import type { TokenService } from '@server/auth/tokens';
import type { CourseAccessUrls } from '../settings/site-settings';
import { getStudent } from './find-student';
import { getStudentAccount, type StudentAccount } from './student-account';

/**
 * A new one-time sign-in link for the student, valid LOGIN_LINK_VALID_MINUTES from `now`: the secret
 * goes into the e-mail being sent, only its hash is stored. The student's used and expired links
 * are dropped on the way (each e-mail makes one).
 */
export async function createLoginLink(
  db: Db,
  hasher: LoginLinkHasher,
  studentId: string,
  now: Date,
): Promise<{ secret: string; tokenHash: string }> {
  const secret = newLoginLinkSecret();
  const tokenHash = hasher.hash(secret);
  await db
    .delete(studentLoginLinks)
    .where(
      and(
        eq(studentLoginLinks.studentId, studentId),
        or(lte(studentLoginLinks.expiresAt, now), isNotNull(studentLoginLinks.usedAt)),
      ),
    );
  await db.insert(studentLoginLinks).values({
    tokenHash,
    studentId,
    expiresAt: new Date(now.getTime() + LOGIN_LINK_VALID_MINUTES * 60_000),
    createdAt: now,
  });
  return { secret, tokenHash };
}

/** Drops a link whose e-mail was not delivered (the next attempt makes its own). */
export async function dropLoginLink(db: Db, tokenHash: string): Promise<void> {
  await db.delete(studentLoginLinks).where(eq(studentLoginLinks.tokenHash, tokenHash));
}

/**
 * Signs in with a link at `now`: one conditional update marks it used, so of two requests racing with
 * the same link exactly one finds it unused. Unknown, used and expired links get the same 401.
 * Returns the same as a code sign-in.
 */
export async function redeemLoginLink(
  db: Db,
  deps: {
    tokens: TokenService;
    hasher: LoginLinkHasher;
    courseAccessUrls: CourseAccessUrls;
    studentLogin: 'code' | 'email';
  },
  link: string,
  now: Date,
): Promise<{ account: StudentAccount; token: string }> {
  const [used] = await db
    .update(studentLoginLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(studentLoginLinks.tokenHash, deps.hasher.hash(link)),
        isNull(studentLoginLinks.usedAt),
        gt(studentLoginLinks.expiresAt, now),
      ),
    )
    .returning({ studentId: studentLoginLinks.studentId });
  if (!used) throw new DomainError('unauthenticated', messages.student.loginLinkInvalid(deps.studentLogin));
  const student = await getStudent(db, used.studentId);
  return {
    account: await getStudentAccount(db, student, deps, now),
    token: await deps.tokens.studentToken(student.id, now),
  };
}
