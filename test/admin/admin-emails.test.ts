import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { emailOutbox } from '@server/db/schema';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import type { EmailMessage } from '@server/email/message-types';
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

  const enqueue = (message: EmailMessage) => t.db.transaction((tx) => enqueueEmail(tx, message));
  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/emails${query}`, headers: bearer(token) });

  it('lists emails newest first, a page at a time, without any body (never a login code)', async () => {
    await enqueue({ template: 'contact-received', to: 'first@example.com', data: { name: 'A', subject: null } });
    await enqueue({
      template: 'login-code',
      to: 'code@example.com',
      data: { firstName: 'A', code: '314159', validMinutes: 10 },
    });
    await enqueue({ template: 'contact-received', to: 'third@example.com', data: { name: 'C', subject: null } });

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
      data: { name: 'A', subject: null },
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
});
