import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { emailOutbox } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { logColumns, type EmailLogEntry } from './list-emails';

/**
 * "Send again" for a failed email: back to pending, due now, with a fresh set of attempts. Only a
 * failed one (a pending one is still being tried; a sent one arrived). A login code is not resent:
 * it has expired long before a message fails; nor is an erasure confirmation, whose address is gone.
 */
export async function resendEmail(db: Db, id: string, now: Date): Promise<EmailLogEntry> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, 'failed'),
        sql`${emailOutbox.template} not in ('login-code', 'erasure-completed')`,
      ),
    )
    .returning(logColumns);
  if (row) return row;
  const [existing] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!existing) throw new DomainError('not_found', messages.admin.emailNotFound);
  throw new DomainError('conflict', messages.admin.emailNotFailed);
}
