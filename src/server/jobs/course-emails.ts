import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { queueCourseEmails } from '@server/domain/email/queue-course-emails';
import { effectiveSettings } from '@server/domain/settings/site-settings-store';
import { withJobLock, type Job } from './scheduler';

export const COURSE_EMAILS_JOB = 'course-emails';

/**
 * Hourly (COURSE_EMAILS_CHECK_MS in tests), one process at a time: writes the course emails due today
 * to the outbox (domain/email/queue-course-emails.ts). `clock` is the app's clock (tests move it).
 */
export function courseEmailsJob(
  db: Db,
  config: Pick<Config, 'cpdProviderNumber' | 'courseAccessUrls' | 'support' | 'courseEmailsCheckMs'>,
  log: { info(object: object, message: string): void },
  clock: () => Date,
): Job {
  return {
    name: COURSE_EMAILS_JOB,
    everyMs: config.courseEmailsCheckMs,
    async run() {
      let queued = 0;
      await withJobLock(db, COURSE_EMAILS_JOB, async (tx) => {
        queued = await queueCourseEmails(tx, await effectiveSettings(tx, config), clock());
      });
      if (queued > 0) log.info({ queued }, 'course emails queued');
    },
  };
}
