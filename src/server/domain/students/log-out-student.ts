import type { Db } from '@server/db/client';
import { studentTokenRevocations } from '@server/db/schema';
import type { StudentActor } from '../actor';

/** Student logout: the token is refused from now on, like an admin's at logout. */
export async function logOutStudent(db: Db, actor: StudentActor): Promise<void> {
  await db
    .insert(studentTokenRevocations)
    .values({ jti: actor.jti, studentId: actor.studentId, expiresAt: actor.expiresAt })
    .onConflictDoNothing();
}
