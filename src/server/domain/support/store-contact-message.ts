import type { ContactCategory } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { contactMessages } from '@server/db/schema';
import { one } from '@server/db/rows';
import { enqueueEmail } from '../email/enqueue-email';

export interface ContactMessageInput {
  name: string;
  email: string;
  subject?: string;
  category: ContactCategory;
  message: string;
}

/**
 * Stores a support message for the admins' Messages view. Only the listed fields are kept. In the
 * same transaction: the sender's acknowledgement and, when `adminNotifyEmail` is set, the admins'
 * notification (the email outbox).
 */
export async function storeContactMessage(
  db: Db,
  input: ContactMessageInput,
  now: Date,
  notify: { adminNotifyEmail?: string } = {},
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const row = await insertMessage(tx, input);
    await enqueueEmail(tx, { template: 'contact-received', to: input.email, data: { name: input.name } }, now);
    if (notify.adminNotifyEmail) {
      await enqueueEmail(
        tx,
        {
          template: 'admin-new-message',
          to: notify.adminNotifyEmail,
          data: { fromName: input.name, subject: input.subject ?? null, category: input.category },
        },
        now,
      );
    }
    return row;
  });
}

async function insertMessage(db: Db, input: ContactMessageInput): Promise<{ id: string }> {
  const row = one(
    await db
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject ?? null,
        category: input.category,
        message: input.message,
      })
      .returning({ id: contactMessages.id }),
  );
  return row;
}
