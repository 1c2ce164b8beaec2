import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { idDocuments, idVerifications } from '@server/db/schema';
import type { PrivateDataKeyRing } from '@server/crypto/private-data-keys';
import type { LegacyUploadDir } from '@server/storage/legacy-uploads';

const BATCH = 50;
/** A file younger than this may belong to an older version's upload whose row is not committed yet. */
const GRACE_MS = 60 * 60 * 1000;

export interface DiskImportSummary {
  /** Documents moved into the database (their files deleted). */
  imported: number;
  /** Rows whose file is not on this disk (another process's disk, or lost): left for that process. */
  notHere: number;
  /** Files no row refers to, deleted. */
  removed: number;
}

/**
 * Moves ID documents uploaded before 0004 from DATA_DIR/uploads into the database, encrypted: each
 * in its own transaction that takes the row only if no other process is moving it (SKIP LOCKED) and
 * it still points at the file; the file is deleted after that commit. Idempotent: a moved row no
 * longer has a `document_key`. Then files no row refers to (older than an hour before `now`) are deleted.
 */
export async function importDiskIdDocuments(
  db: Db,
  keys: PrivateDataKeyRing,
  uploads: LegacyUploadDir,
  now: Date,
): Promise<DiskImportSummary> {
  const summary: DiskImportSummary = { imported: 0, notHere: 0, removed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const candidates = await db
      .select({ studentId: idVerifications.studentId, documentKey: idVerifications.documentKey })
      .from(idVerifications)
      .where(and(isNotNull(idVerifications.documentKey), gt(idVerifications.studentId, after)))
      .orderBy(asc(idVerifications.studentId))
      .limit(BATCH);
    if (candidates.length === 0) break;
    for (const { studentId, documentKey } of candidates) {
      after = studentId;
      const name = documentKey!;
      const bytes = await uploads.read(name);
      if (!bytes) {
        summary.notHere += 1;
        continue;
      }
      const sealed = await keys.seal(studentId, [bytes]);
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ studentId: idVerifications.studentId })
          .from(idVerifications)
          .where(and(eq(idVerifications.studentId, studentId), eq(idVerifications.documentKey, name)))
          .for('update', { skipLocked: true });
        if (!row) return false;
        await tx
          .insert(idDocuments)
          .values({ studentId, ...sealed })
          .onConflictDoNothing();
        await tx.update(idVerifications).set({ documentKey: null }).where(eq(idVerifications.studentId, studentId));
        return true;
      });
      if (moved) {
        await uploads.remove(name);
        summary.imported += 1;
      }
    }
  }
  summary.removed = await removeUnreferencedFiles(db, uploads, new Date(now.getTime() - GRACE_MS));
  return summary;
}

/** Deletes files (older than `cutoff`) that no row points at: a re-upload's replaced file, a deleted student's. */
async function removeUnreferencedFiles(db: Db, uploads: LegacyUploadDir, cutoff: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const referenced = await db
      .select({ key: idVerifications.documentKey })
      .from(idVerifications)
      .where(inArray(idVerifications.documentKey, batch));
    const keep = new Set(referenced.map((r) => r.key));
    for (const name of batch) {
      if (keep.has(name)) continue;
      await uploads.remove(name);
      removed += 1;
    }
    batch = [];
  };
  for await (const { name, modifiedAt } of uploads.list(cutoff)) {
    if (modifiedAt >= cutoff) continue;
    batch.push(name);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
