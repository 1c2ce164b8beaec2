import type { Db } from '@server/db/client';
import { eraseUnpaidRegistrations } from '@server/domain/privacy/erase-unpaid-registrations';
import { withJobLock, type Job } from './scheduler';

export const UNPAID_RETENTION_JOB = 'unpaid-retention';
const BATCH = 100;

/**
 * Daily (and soon after start), one process at a time (advisory lock): erases registrations that never
 * paid, `retentionDays` after they were made, in batches of their own transactions. `now` moves the
 * clock in tests.
 */
export function unpaidRetentionJob(
  db: Db,
  { retentionDays, everyMs, now = () => new Date() }: { retentionDays: number; everyMs: number; now?: () => Date },
  log: { info(object: object, message: string): void },
): Job {
  return {
    name: UNPAID_RETENTION_JOB,
    everyMs,
    async run(signal) {
      let erased = 0;
      let ran = false;
      for (let more = true; more && !signal.aborted;) {
        more = false;
        ran =
          (await withJobLock(db, UNPAID_RETENTION_JOB, async (tx) => {
            const count = await eraseUnpaidRegistrations(tx, retentionDays, BATCH, now());
            erased += count;
            more = count === BATCH;
          })) || ran;
      }
      if (erased > 0) log.info({ erased, retentionDays }, 'unpaid registrations erased after the retention period');
      return ran ? undefined : 'skipped';
    },
  };
}
