/** Support messages (the contact form) through the data layer. */
import type { Db } from '@server/db/client';
import { contactMessages } from '@server/db/schema';
import { one } from '@server/db/rows';

export async function insertContactMessage(db: Db, columns: Partial<typeof contactMessages.$inferInsert> = {}) {
  return one(
    await db
      .insert(contactMessages)
      .values({
        name: 'Visitor',
        email: 'visitor@example.com',
        subject: 'Question',
        category: 'course',
        message: 'Hello there',
        ...columns,
      })
      .returning(),
  );
}
