import type { Db } from '@server/db/client';
import { eraseUnpaidRegistrations } from '@server/domain/privacy/erase-unpaid-registrations';
import { inLockedBatches, type Job } from './scheduler';

export const UNPAID_RETENTION_JOB = 'unpaid-retention';
const BATCH = 100;

/**
 * Daily (and soon after start), one process at a time (advisory lock): erases registrations that never
 * paid, `retentionDays` after they were made, in batches of their own transactions. `clock` is the
 * app's clock (tests move it).
 */
export function unpaidRetentionJob(
  db: Db,
  { retentionDays, everyMs }: { retentionDays: number; everyMs: number },
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: UNPAID_RETENTION_JOB,
    everyMs,
    async run(signal) {
      const erased = await inLockedBatches(db, UNPAID_RETENTION_JOB, { size: BATCH, signal }, (tx) =>
        eraseUnpaidRegistrations(tx, retentionDays, BATCH, clock()),
      );
      if (erased === null) return 'skipped';
      if (erased > 0) log.info({ erased, retentionDays }, 'unpaid registrations erased after the retention period');
    },
  };
}
