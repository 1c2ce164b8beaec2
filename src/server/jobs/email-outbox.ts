/**
 * The outbox worker (docs/decisions/011-email.md). Each pass claims due rows one
 * at a time with `FOR UPDATE SKIP LOCKED`, pushing their next attempt a lease ahead, so no other
 * process takes the same row; then renders and sends outside any transaction, and records the
 * outcome. A failure is retried with exponential backoff (first delay doubling up to six hours),
 * then the row is `failed`. A process that dies mid-send leaves the row to be retried when the
 * lease ends; a row that was never claimed is sent by the next pass after a restart. Due times are
 * the app's clock (`clock`), as enqueueEmail writes them: tests move it past a retry's delay.
 */
import { and, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { emailOutbox, emailSuppressions, type EmailOutboxRow } from '@server/db/schema';
import { renderEmail, type TemplateContext } from '@server/mail/render-email';
import type { EmailMessage, EmailTemplate } from '@server/mail/message-types';
import type { LoginLinkHasher } from '@server/auth/login-links';
import type { UnsubscribeTokens } from '@server/auth/unsubscribe-tokens';
import { isNonTransactional, SUPPRESSED_ERROR, unsubscribeHeaders } from '@server/mail/marketing';
import { createLoginLink, dropLoginLink } from '@server/domain/students/login-links';
import { paths, ROUTES } from '@shared/routes';
import type { MailTransport, OutgoingMail } from '@server/mail/transport';
import type { Job } from './scheduler';

export const EMAIL_OUTBOX_JOB = 'email-outbox';
/** Attempts before a message is `failed`: with a one-minute start, 1, 2, 4 … 256 minutes, 6 hours, then failed. */
export const EMAIL_MAX_ATTEMPTS = 11;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** How long a claimed row is left alone before another pass may take it again (a send hung or its process died). */
const CLAIM_LEASE_MS = 10 * 60 * 1000;
const BATCH = 25;

/** The delay before attempt `attempts + 1`, or null when `attempts` failed attempts are the last. */
export function retryDelayMs(attempts: number, firstMs: number): number | null {
  if (attempts >= EMAIL_MAX_ATTEMPTS) return null;
  return Math.min(firstMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
}

type Attachments = OutgoingMail['attachments'];

export interface OutboxDeps {
  db: Db;
  transport: MailTransport;
  site: TemplateContext;
  retryFirstMs: number;
  /** The app's clock: what is due, and when a retry or a lease ends. */
  clock: () => Date;
  /** Keys the one-time sign-in links put in e-mails that open the dashboard. */
  linkHasher: LoginLinkHasher;
  /** Signs the unsubscribe links of non-transactional e-mails (mail/marketing.ts). */
  unsubscribeTokens: UnsubscribeTokens;
  /** Files a message carries (the certificate PDF). */
  attachmentsFor(row: EmailOutboxRow): Promise<Attachments>;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}

const after = (now: Date, ms: number) => new Date(now.getTime() + ms);

async function claimNext(db: Db, now: Date): Promise<EmailOutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: after(now, CLAIM_LEASE_MS),
    })
    .where(eq(emailOutbox.id, sql`(${due})`))
    .returning();
  return row;
}

/** A login code leaves the database once it has been delivered. */
function dataAfterSending(row: EmailOutboxRow): Record<string, unknown> {
  if (row.template !== 'login-code') return row.data;
  const { code: _code, ...rest } = row.data;
  return rest;
}

/**
 * The confirmation of an erasure is the last trace of the erased person's address: once it has been
 * sent, or has failed for good, the address goes too.
 */
export const ERASED_ADDRESS = '(erased)';
const addressAfterLastAttempt = (row: EmailOutboxRow) =>
  row.template === 'erasure-completed' ? { toAddress: ERASED_ADDRESS } : {};

/** An error for the admin's delivery log: the SMTP reply or the error's message, short. */
function describeError(error: unknown): string {
  const e = error as { response?: string; message?: string; code?: string };
  return (e.response ?? e.message ?? String(error)).slice(0, 500);
}

/**
 * The e-mails whose button opens the student's dashboard. Each is sent with its own one-time sign-in
 * link, made here when it is sent (not when queued): the 30 minutes count from sending, and no
 * working secret ever sits in the outbox table.
 */
export const DASHBOARD_LINK_TEMPLATES: ReadonlySet<EmailTemplate> = new Set<EmailTemplate>([
  'payment-receipt',
  'id-approved',
  'id-rejected',
  'certificate-issued',
  'course-starting',
  'course-open',
  'erasure-refused',
  'assessment-passed',
  'assessment-resubmit',
  // The reminders: the sign-in lands an unpaid registration on the wizard's payment step, a fee-paid
  // student on the dashboard's course choice (the client sends each where it stopped).
  'enrolment-reminder',
  'course-reminder',
]);

/**
 * The templates' context for this row: with a fresh sign-in link when it opens a student's dashboard,
 * and the unsubscribe page and headers when it is non-transactional.
 */
async function contextFor(
  deps: OutboxDeps,
  row: EmailOutboxRow,
): Promise<{ site: TemplateContext; link?: string; headers?: Record<string, string> }> {
  let site = deps.site;
  let headers: Record<string, string> | undefined;
  if (isNonTransactional(row.template)) {
    const token = deps.unsubscribeTokens.tokenFor(row.toAddress);
    site = { ...site, unsubscribeUrl: `${site.siteUrl}${paths.unsubscribe(token)}` };
    headers = unsubscribeHeaders(`${site.siteUrl}/api/unsubscribe/${token}`);
  }
  if (!row.studentId || !DASHBOARD_LINK_TEMPLATES.has(row.template)) return { site, headers };
  const { secret, tokenHash } = await createLoginLink(deps.db, deps.linkHasher, row.studentId, deps.clock());
  const dashboardUrl = `${site.siteUrl}${ROUTES.studentLogin}?link=${secret}`;
  return { site: { ...site, dashboardUrl }, link: tokenHash, headers };
}

/**
 * A non-transactional message to an address that unsubscribed after it was queued is not sent: it
 * ends `failed` with last_error `suppressed`, so the admin's e-mail log and a broadcast's counts show why.
 */
async function heldBack(deps: OutboxDeps, row: EmailOutboxRow): Promise<boolean> {
  if (!isNonTransactional(row.template)) return false;
  const [suppressed] = await deps.db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, row.toAddress.trim().toLowerCase()))
    .limit(1);
  if (!suppressed) return false;
  await deps.db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: SUPPRESSED_ERROR })
    .where(eq(emailOutbox.id, row.id));
  deps.log.info({ outboxId: row.id, template: row.template }, 'email not sent: the address unsubscribed');
  return true;
}

async function deliver(deps: OutboxDeps, row: EmailOutboxRow): Promise<void> {
  const message = { template: row.template, data: row.data } as Pick<EmailMessage, 'template' | 'data'>;
  let link: string | undefined;
  if (await heldBack(deps, row)) return;
  try {
    const context = await contextFor(deps, row);
    link = context.link;
    const rendered = await renderEmail(message, context.site);
    await deps.transport.send({
      id: row.id,
      template: row.template,
      to: row.toAddress,
      ...rendered,
      attachments: await deps.attachmentsFor(row),
      headers: context.headers,
    });
  } catch (error) {
    // The link of an e-mail that did not go out is no way in; a retry makes its own.
    if (link) await dropLoginLink(deps.db, link).catch(() => undefined);
    const delay = retryDelayMs(row.attempts, deps.retryFirstMs);
    await deps.db
      .update(emailOutbox)
      .set({
        lastError: describeError(error),
        ...(delay === null
          ? { status: 'failed' as const, ...addressAfterLastAttempt(row) }
          : { nextAttemptAt: after(deps.clock(), delay) }),
      })
      .where(eq(emailOutbox.id, row.id));
    deps.log.warn(
      { outboxId: row.id, template: row.template, attempts: row.attempts, failed: delay === null },
      'email not delivered',
    );
    return;
  }
  await deps.db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: deps.clock(),
      lastError: null,
      data: dataAfterSending(row),
      ...addressAfterLastAttempt(row),
    })
    .where(eq(emailOutbox.id, row.id));
  deps.log.info({ outboxId: row.id, template: row.template, attempts: row.attempts }, 'email sent');
}

/** One pass: sends what is due (at most a batch), stopping early when the process stops. */
export async function deliverDueEmails(deps: OutboxDeps, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (let i = 0; i < BATCH && !signal?.aborted; i += 1) {
    const row = await claimNext(deps.db, deps.clock());
    if (!row) break;
    await deliver(deps, row);
    sent += 1;
  }
  return sent;
}

/**
 * The .eml files (SMTP_URL unset) of e-mails an erasure removed from the outbox, and of an erasure's
 * confirmation once sent (its row no longer holds the address; the file would), are removed: the
 * files keep no more of a person than the table does. Returns how many went.
 */
export async function forgetErasedMailFiles(deps: Pick<OutboxDeps, 'db' | 'transport'>): Promise<number> {
  const written = await deps.transport.written();
  const gone: string[] = [];
  for (let i = 0; i < written.length; i += 500) {
    const ids = written.slice(i, i + 500);
    const kept = await deps.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.id, ids),
          or(ne(emailOutbox.template, 'erasure-completed'), ne(emailOutbox.toAddress, ERASED_ADDRESS)),
        ),
      );
    const keptIds = new Set(kept.map((row) => row.id));
    gone.push(...ids.filter((id) => !keptIds.has(id)));
  }
  await deps.transport.forget(gone);
  return gone.length;
}

export function emailOutboxJob(deps: OutboxDeps, everyMs: number): Job {
  return {
    name: EMAIL_OUTBOX_JOB,
    everyMs,
    async run(signal) {
      await deliverDueEmails(deps, signal);
      await forgetErasedMailFiles(deps);
    },
  };
}
