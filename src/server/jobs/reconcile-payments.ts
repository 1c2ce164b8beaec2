import type { Db } from '@server/db/client';
import { reconcileStalePayments } from '@server/domain/payments/reconcile-payments';
import type { PaymentProvider } from '@server/square/provider';
import { withJobLock, type Job } from './scheduler';

export const RECONCILE_JOB = 'reconcile-payments';
const BATCH = 10;

/**
 * Every `intervalS`, one process (advisory lock) settles the card payments pending longer than
 * `afterS` (src/server/domain/payments/reconcile-payments.ts) by `clock`, the app's clock.
 */
export function reconcilePaymentsJob(
  db: Db,
  provider: PaymentProvider,
  settings: { afterS: number; intervalS: number },
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: RECONCILE_JOB,
    everyMs: settings.intervalS * 1000,
    async run(signal) {
      // Small batches, each in its own transaction, so settled payments show as soon as possible.
      let ran = false;
      for (let more = true; more && !signal.aborted;) {
        more = false;
        ran =
          (await withJobLock(db, RECONCILE_JOB, async (tx) => {
            const summary = await reconcileStalePayments(tx, provider, {
              olderThanMs: settings.afterS * 1000,
              clock,
              limit: BATCH,
              signal,
            });
            const settled = summary.completed + summary.failed;
            if (settled + summary.unknown > 0) log.info(summary, 'payments reconciled');
            more = settled === BATCH;
          })) || ran;
      }
      return ran ? undefined : 'skipped';
    },
  };
}
