import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { idVerifications } from '@server/db/schema';
import type { DocumentStorage } from '@server/storage/storage';

/** A file younger than this may belong to an upload whose row is not committed yet: left alone. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes stored ID documents that no verification row references (a crash between writing the
 * file and committing the row, or a delete whose file removal failed). Runs at start and daily.
 * Returns how many files were removed.
 */
export async function sweepIdDocuments(db: Db, storage: DocumentStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SWEEP_GRACE_MS);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const referenced = await db
      .select({ key: idVerifications.documentKey })
      .from(idVerifications)
      .where(inArray(idVerifications.documentKey, batch));
    const keep = new Set(referenced.map((r) => r.key));
    for (const key of batch) {
      if (keep.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of storage.list(cutoff)) {
    if (modifiedAt >= cutoff) continue;
    batch.push(key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
