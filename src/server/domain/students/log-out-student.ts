import type { Db } from '@server/db/client';
import { isForeignKeyViolation } from '@server/db/errors';
import { studentTokenRevocations } from '@server/db/schema';
import type { StudentActor } from '../actor';

/**
 * Student logout: the token is refused from now on, like an admin's at logout. The token of a
 * student who has since been deleted has nothing left to reach (its revocation row could not refer
 * to the student): logging it out succeeds without a row.
 */
export async function logOutStudent(db: Db, actor: StudentActor): Promise<void> {
  try {
    await db
      .insert(studentTokenRevocations)
      .values({ jti: actor.jti, studentId: actor.studentId, expiresAt: actor.expiresAt })
      .onConflictDoNothing();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
}
