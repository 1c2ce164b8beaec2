/**
 * The background jobs: payment reconciliation, the e-mail outbox, the course e-mails, the cohort
 * waitlist, the reminders and the two retention jobs. main.ts starts them once the server listens; tests run a pass with `runNow`.
 * Closing stops them (a running pass finishes) before the services and the database close.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { emailAttachments } from '../domain/email/email-attachments';
import { cohortWaitlistJob } from '../jobs/cohort-waitlist';
import { courseEmailsJob } from '../jobs/course-emails';
import { emailOutboxJob } from '../jobs/email-outbox';
import { LoginLinkHasher } from '../auth/login-links';
import { UnsubscribeTokens } from '../auth/unsubscribe-tokens';
import { idDocumentRetentionJob } from '../jobs/id-document-retention';
import { reconcilePaymentsJob } from '../jobs/reconcile-payments';
import { remindersJob } from '../jobs/reminders';
import { JobScheduler } from '../jobs/scheduler';
import { unpaidRetentionJob } from '../jobs/unpaid-retention';

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db, log, clock } = app;
    // Every job reads the app's clock (tests move it: BuildOptions.clock).
    const jobs = new JobScheduler(log, clock);
    app.decorate('jobs', jobs);
    jobs.add(reconcilePaymentsJob(db, app.paymentProvider, config.reconcile, log, clock));
    const outbox = {
      db,
      transport: app.mail,
      site: { siteUrl: config.publicUrl },
      // Keyed with the session secret, as the sign-in route that checks the links (routes/student/sign-in.ts).
      linkHasher: new LoginLinkHasher(config.sessionSecret),
      // The same key as the unsubscribe route that checks the tokens (routes/public/unsubscribe.ts).
      unsubscribeTokens: new UnsubscribeTokens(config.sessionSecret),
      retryFirstMs: config.mail.retryFirstMs,
      clock,
      attachmentsFor: (row: Parameters<typeof emailAttachments>[2]) => emailAttachments(db, config, row),
      log,
    };
    jobs.add(emailOutboxJob(outbox, config.mail.pollMs));
    jobs.add(courseEmailsJob(db, config, log, clock));
    jobs.add(cohortWaitlistJob(db, config, log, clock));
    jobs.add(remindersJob(db, config, log, clock));
    const { retentionDays, retentionCheckMs } = config.idDocuments;
    jobs.add(idDocumentRetentionJob(db, { retentionDays, everyMs: retentionCheckMs }, log, clock));
    jobs.add(
      unpaidRetentionJob(
        db,
        { retentionDays: config.unpaidRetention.days, everyMs: config.unpaidRetention.checkMs },
        log,
        clock,
      ),
    );
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['database', 'services'] },
);
