import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { idDocuments, idVerifications } from '@server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention (docs/id-documents.md): deletes the images of up to `limit` approved or rejected
 * documents decided more than `retentionDays` before `now`, and records when on their verification rows.
 * The decision, its dates and the rejection reason stay. Returns how many images were deleted.
 */
export async function deleteExpiredIdDocuments(
  db: Db,
  retentionDays: number,
  limit: number,
  now: Date,
): Promise<number> {
  const decidedBefore = and(
    inArray(idVerifications.status, ['approved', 'rejected']),
    lt(idVerifications.reviewedAt, new Date(now.getTime() - retentionDays * DAY_MS)),
  );
  const expired = db
    .select({ studentId: idVerifications.studentId })
    .from(idVerifications)
    .innerJoin(idDocuments, sql`${idDocuments.studentId} = ${idVerifications.studentId}`)
    .where(decidedBefore)
    .limit(limit);
  const deleted = await db
    .delete(idDocuments)
    .where(inArray(idDocuments.studentId, expired))
    .returning({ studentId: idDocuments.studentId });
  const ids = deleted.map((row) => row.studentId);
  if (ids.length > 0)
    await db.update(idVerifications).set({ documentDeletedAt: now }).where(inArray(idVerifications.studentId, ids));
  // A document still on an older version's disk (never moved in) expires too: its file is deleted at
  // the next start of the process that holds it (import-disk-id-documents.ts), as no row refers to it.
  await db
    .update(idVerifications)
    .set({ documentKey: null, documentDeletedAt: now })
    .where(and(decidedBefore, isNotNull(idVerifications.documentKey)));
  return ids.length;
}
