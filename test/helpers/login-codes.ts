import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { emailOutbox } from '@server/db/schema';

/** The code in the newest login-code email queued for this student (before it is sent). */
export async function queuedLoginCode(db: Db, studentId: string): Promise<string> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.studentId, studentId), eq(emailOutbox.template, 'login-code')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return String(row!.data.code);
}
