import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { deletePastWaitlists, offerWaitlistPlaces } from '@server/domain/cohorts/waitlist';
import type { Job } from './scheduler';

export const COHORT_WAITLIST_JOB = 'cohort-waitlist';

/**
 * Every minute (WAITLIST_CHECK_MS in tests): offers the places freed since the last pass (a hold or an
 * offer that expired, a refund, an erasure) to the next on each waitlist, and deletes the waitlists of
 * dates that have come (domain/cohorts/waitlist.ts). Safe in every process at once: each cohort is
 * settled under its row lock. `clock` is the app's clock (tests move it).
 */
export function cohortWaitlistJob(
  db: Db,
  config: Pick<Config, 'places'>,
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: COHORT_WAITLIST_JOB,
    everyMs: config.places.waitlistCheckMs,
    async run() {
      const now = clock();
      const deleted = await deletePastWaitlists(db, now);
      const offered = await offerWaitlistPlaces(db, { waitlistHoldHours: config.places.waitlistHoldHours }, now);
      if (offered > 0 || deleted > 0) log.info({ offered, deleted }, 'waitlist places offered');
    },
  };
}
