import { eq } from 'drizzle-orm';
import type { IdStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { idVerifications, type IdVerification } from '@server/db/schema';

/** The verification row of a student, or null (which means `not_required`). */
export async function findIdVerification(db: Db, studentId: string, forUpdate = false): Promise<IdVerification | null> {
  const query = db.select().from(idVerifications).where(eq(idVerifications.studentId, studentId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export function idStatusOf(row: IdVerification | null): IdStatus {
  return row?.status ?? 'not_required';
}

/** A student may upload while nothing is under review or approved. */
export function canUploadId(row: IdVerification | null): boolean {
  const status = idStatusOf(row);
  return status !== 'pending' && status !== 'approved';
}
