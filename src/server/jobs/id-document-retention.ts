import type { Db } from '@server/db/client';
import { deleteExpiredIdDocuments } from '@server/domain/id-verification/delete-expired-id-documents';
import { inLockedBatches, type Job } from './scheduler';

export const ID_DOCUMENT_RETENTION_JOB = 'id-document-retention';
const BATCH = 200;

/**
 * Daily (and soon after start; `everyMs` in tests), one process at a time (advisory lock): deletes the images of ID
 * documents decided more than `retentionDays` ago, in batches of their own transactions. `clock` is
 * the app's clock (tests move it).
 */
export function idDocumentRetentionJob(
  db: Db,
  { retentionDays, everyMs }: { retentionDays: number; everyMs: number },
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: ID_DOCUMENT_RETENTION_JOB,
    everyMs,
    async run(signal) {
      const deleted = await inLockedBatches(db, ID_DOCUMENT_RETENTION_JOB, { size: BATCH, signal }, (tx) =>
        deleteExpiredIdDocuments(tx, retentionDays, BATCH, clock()),
      );
      if (deleted === null) return 'skipped';
      if (deleted > 0) log.info({ deleted, retentionDays }, 'ID document images deleted after the retention period');
    },
  };
}
