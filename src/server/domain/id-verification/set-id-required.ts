import type { IdStatusResponse } from '@shared/schemas/id-verification';
import type { Db } from '@server/db/client';
import { idVerifications } from '@server/db/schema';
import { getIdStatus } from './get-id-status';

/** 'Start ID Verification': records that the student must upload an ID. Harmless when already started. */
export async function setIdRequired(db: Db, studentId: string): Promise<IdStatusResponse> {
  await db.insert(idVerifications).values({ studentId, status: 'required' }).onConflictDoNothing();
  return getIdStatus(db, studentId);
}
