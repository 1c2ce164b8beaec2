import type { Db } from '@server/db/client';
import { idVerifications, type IdVerification } from '@server/db/schema';
import { findIdVerification } from './find-id-verification';

/** 'Start ID Verification': records that the student must upload an ID. Harmless when already started. */
export async function setIdRequired(db: Db, studentId: string): Promise<IdVerification | null> {
  await db.insert(idVerifications).values({ studentId, status: 'required' }).onConflictDoNothing();
  return findIdVerification(db, studentId);
}
