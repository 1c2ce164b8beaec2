/** Test data through the data layer (faster than clicking through setup). */
import { randomUUID } from 'node:crypto';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';

export async function insertStudent(db: Db, overrides: Partial<typeof students.$inferInsert> = {}): Promise<Student> {
  const suffix = randomUUID().slice(0, 8);
  const [student] = await db
    .insert(students)
    .values({ firstName: 'Test', lastName: `Student ${suffix}`, email: `student-${suffix}@example.com`, ...overrides })
    .returning();
  return student;
}
