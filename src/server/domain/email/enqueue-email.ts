import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { emailOutbox } from '@server/db/schema';
import type { EmailMessage } from '@server/mail/message-types';

/**
 * The transactional outbox (docs/decisions/011-email.md): call inside the transaction of the event that
 * causes the email (a payment completed, an ID reviewed…), so the email exists exactly when the
 * event does. It is due from `now` (the app's clock, which the worker reads too); a worker sends it
 * afterwards, with retries.
 */
export async function enqueueEmail(tx: Db, message: EmailMessage, now: Date): Promise<{ id: string }> {
  return one(
    await tx
      .insert(emailOutbox)
      .values({
        template: message.template,
        toAddress: message.to,
        data: message.data,
        studentId: message.studentId ?? null,
        nextAttemptAt: now,
      })
      .returning({ id: emailOutbox.id }),
  );
}
