import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { certificates, type Certificate } from '@server/db/schema';

/** The student's certificate (pending until an admin activates it), or null when none was requested. */
export async function findStudentCertificate(db: Db, studentId: string): Promise<Certificate | null> {
  const [certificate] = await db.select().from(certificates).where(eq(certificates.studentId, studentId)).limit(1);
  return certificate ?? null;
}
