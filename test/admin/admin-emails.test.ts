// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { emailOutbox } from '@server/db/schema';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import type { EmailMessage } from '@server/mail/message-types';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

describe('admin Emails view: the delivery log and Send again', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url });
    token = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const enqueue = (message: EmailMessage) => t.db.transaction((tx) => enqueueEmail(tx, message, t.app.clock()));
  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/emails${query}`, headers: bearer(token) });

  it('lists emails newest first, a page at a time, without any body (never a login code)', async () => {
    await enqueue({ template: 'contact-received', to: 'first@example.com', data: { name: 'A' } });
    await enqueue({
      template: 'login-code',
      to: 'code@example.com',
      data: { firstName: 'A', code: '314159', validMinutes: 10 },
    });
    await enqueue({ template: 'contact-received', to: 'third@example.com', data: { name: 'C' } });
    // Three inserts can share a clock tick (PGlite's clock counts milliseconds): give them a minute
    // each, in the order they were made, so "newest first" has one answer.
    const minute = 60_000;
    for (const [index, to] of ['first@example.com', 'code@example.com', 'third@example.com'].entries()) {
      await t.db
        .update(emailOutbox)
        .set({ createdAt: new Date(Date.now() - (3 - index) * minute) })
        .where(eq(emailOutbox.toAddress, to));
    }

    const res = await list('?page=1&page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(body.emails.map((e: { to: string }) => e.to)).toEqual(['third@example.com', 'code@example.com']);
    expect(body.emails[1]).toMatchObject({ template: 'login-code', status: 'pending', attempts: 0, last_error: null });
    expect(Object.keys(body.emails[1]).sort()).toEqual(
      ['attempts', 'created_at', 'id', 'last_error', 'next_attempt_at', 'sent_at', 'status', 'template', 'to'].sort(),
    );
    expect(res.body).not.toContain('314159');
    const second = (await list('?page=2&page_size=2')).json();
    expect(second.emails.map((e: { to: string }) => e.to)).toEqual(['first@example.com']);
  });

  it('sends a failed email again, and only a failed one', async () => {
    const { id } = await enqueue({
      template: 'contact-received',
      to: 'again@example.com',
      data: { name: 'A' },
    });
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 11, lastError: '451 Temporary failure' })
      .where(eq(emailOutbox.id, id));
    const failed = (await list('?page=1&page_size=50')).json().emails.find((e: { id: string }) => e.id === id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 11, last_error: '451 Temporary failure' });

    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/resend`,
      headers: bearer(token),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ id, status: 'pending', attempts: 0, last_error: null });
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await smtp.waitFor(1);
    expect(smtp.received.filter((m) => m.messageId === `<${id}@localhost>`)).toHaveLength(1);

    const sentAgain = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/resend`,
      headers: bearer(token),
    });
    expect(sentAgain.statusCode).toBe(409);
    expect(sentAgain.json()).toEqual({ detail: messages.admin.emailNotFailed });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails/00000000-0000-4000-8000-000000000000/resend',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('filters the log by status and by part of the recipient, counting only what matches; refuses an unknown status', async () => {
    const tag = `filter-${Date.now().toString(36)}`;
    const failing = await enqueue({
      template: 'contact-received',
      to: `Bounce.${tag}@Example.com`,
      data: { name: 'B' },
    });
    await enqueue({ template: 'contact-received', to: `ok.${tag}@example.com`, data: { name: 'O' } });
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 11, lastError: '451 Mailbox busy' })
      .where(eq(emailOutbox.id, failing.id));

    const byRecipient = (await list(`?search=${tag.toUpperCase()}&page=1&page_size=25`)).json();
    expect(byRecipient.total).toBe(2);
    const failed = (await list(`?search=${tag}&status=failed&page=1&page_size=25`)).json();
    expect(failed).toMatchObject({ total: 1, emails: [{ id: failing.id, status: 'failed' }] });
    const pending = (await list(`?search=bounce.${tag}&status=pending&page=1&page_size=25`)).json();
    expect(pending).toMatchObject({ total: 0, emails: [] });
    // "%" and "_" are searched for as themselves, not as patterns.
    expect((await list('?search=%25&page=1&page_size=25')).json().total).toBe(0);
    const everything = (await list('?status=&page=1&page_size=25')).json();
    expect(everything.total).toBeGreaterThanOrEqual(2);

    const unknown = await list('?status=bounced');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('detail');
  });
});
