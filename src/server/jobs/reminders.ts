import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { queueReminders } from '@server/domain/email/queue-reminders';
import type { Job } from './scheduler';

export const REMINDERS_JOB = 'reminders';

/**
 * Hourly (REMINDERS_CHECK_MS in tests): writes the reminders due to the outbox
 * (domain/email/queue-reminders.ts). Safe in every process at once: each is one statement whose
 * dedupe key lets one reminder per student in. `clock` is the app's clock (tests move it).
 */
export function remindersJob(
  db: Db,
  config: Pick<Config, 'reminders'>,
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: REMINDERS_JOB,
    everyMs: config.reminders.checkMs,
    async run() {
      const queued = await queueReminders(db, config.reminders, clock());
      if (queued.enrolment > 0 || queued.course > 0) log.info(queued, 'reminders queued');
    },
  };
}
