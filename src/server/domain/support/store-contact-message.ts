import type { ContactCategory } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { contactMessages } from '@server/db/schema';
import { one } from '@server/db/rows';

export interface ContactMessageInput {
  name: string;
  email: string;
  subject?: string;
  category: ContactCategory;
  message: string;
}

/** Stores a support message for the admins' Messages view. Only the listed fields are kept. */
export async function storeContactMessage(db: Db, input: ContactMessageInput): Promise<{ id: string }> {
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
