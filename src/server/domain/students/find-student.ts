import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Student ids are UUIDs; anything else cannot name a student (and must not reach a uuid column). */
export const isStudentId = (id: string) => UUID.test(id);

/** Case-insensitive email lookup (the unique index is on lower(email)). */
export async function findStudentByEmail(db: Db, email: string): Promise<Student | null> {
  const [student] = await db
    .select()
    .from(students)
    .where(eq(sql`lower(${students.email})`, email.trim().toLowerCase()))
    .limit(1);
  return student ?? null;
}

/** The student, or 404 with a plain message. `forUpdate` locks the row until the transaction ends. */
export async function getStudent(db: Db, id: string, forUpdate = false): Promise<Student> {
  if (!isStudentId(id)) throw new DomainError('not_found', messages.admin.studentNotFound);
  const query = db.select().from(students).where(eq(students.id, id)).limit(1);
  const [student] = forUpdate ? await query.for('update') : await query;
  if (!student) throw new DomainError('not_found', messages.admin.studentNotFound);
  return student;
}

export const fullName = (student: Pick<Student, 'firstName' | 'lastName'>) =>
  `${student.firstName} ${student.lastName}`;
