/** Support messages (the contact form) through the data layer. */
import type { Db } from '@server/db/client';
import { contactMessages } from '@server/db/schema';

export async function insertContactMessage(db: Db, columns: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Question',
      category: 'course',
      message: 'Hello there',
      ...columns,
    })
    .returning();
  return row;
}
