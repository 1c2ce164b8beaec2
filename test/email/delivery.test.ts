// engines: both
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@server/db/schema';
import { one } from '@server/db/rows';
import { enqueueEmail } from '@server/domain/email/enqueue-email';
import type { EmailMessage } from '@server/mail/message-types';
import { EMAIL_MAX_ATTEMPTS, EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const contact = (to: string): EmailMessage => ({
  template: 'contact-received',
  to,
  data: { name: 'Ada' },
});

async function enqueue(t: TestApp, message: EmailMessage) {
  return t.db.transaction((tx) => enqueueEmail(tx, message, t.app.clock()));
}

const outboxRow = async (t: TestApp, id: string) =>
  one(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)));

describe('email delivery over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'VBR <no-reply@vbr.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('sends an outbox message once, with its template header and a Message-ID from the outbox id', async () => {
    const { id } = await enqueue(t, contact('ada@example.com'));
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);

    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.headers.get('x-vbr-template')).toBe('contact-received');
    expect(mail!.messageId).toBe(`<${id}@localhost>`);
    expect(mail!.to).toMatchObject({ text: 'ada@example.com' });
    expect(mail!.from?.text).toContain('no-reply@vbr.test');
    expect(mail!.subject).toBe('We received your message');
    expect(mail!.text).toContain("We'll get back to you within 24 hours.");
    expect(mail!.html).toContain('Video Book Review Specialist');
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('sends each message once when several workers run at the same time', async () => {
    const ids = [];
    for (let i = 0; i < 8; i += 1) ids.push((await enqueue(t, contact(`many-${i}@example.com`))).id);
    await Promise.all([1, 2, 3].map(() => t.app.jobs.runNow(EMAIL_OUTBOX_JOB)));
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    // The test server records a message before it accepts it: every one sent has arrived by now.
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@localhost>`).sort());
  });

  it('clears a login code from the database once it has been delivered', async () => {
    const { id } = await enqueue(t, {
      template: 'login-code',
      to: 'code@example.com',
      data: { firstName: 'Ada', code: '123456', validMinutes: 10 },
    });
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain('123456');
    const row = await outboxRow(t, id);
    expect(row.status).toBe('sent');
    expect(JSON.stringify(row.data)).not.toContain('123456');
  });
});

describe('email retries', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  // The app's clock, moved by the test past each retry's delay.
  let nowMs = Date.parse('2027-01-04T09:00:00Z');
  beforeAll(async () => {
    smtp = await startTestSmtp({ failFirst: 2 });
    t = await buildTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_FIRST_MS: '100' }, { clock: () => new Date(nowMs) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('retries with a growing delay: a receiver failing twice gets the message on the third attempt', async () => {
    const { id } = await enqueue(t, contact('retry@example.com'));
    const beforeFirst = nowMs;
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const first = await outboxRow(t, id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toContain('451');
    expect(first.nextAttemptAt.getTime() - beforeFirst).toBe(100);

    // Not due yet: the next attempt waits for the backoff.
    nowMs += 99;
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    expect((await outboxRow(t, id)).attempts).toBe(1);

    nowMs += 51;
    const beforeSecond = nowMs;
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const second = await outboxRow(t, id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    // The second delay is twice the first.
    expect(second.nextAttemptAt.getTime() - beforeSecond).toBe(200);

    nowMs += 199;
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    expect((await outboxRow(t, id)).attempts).toBe(2);
    nowMs += 51;
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await smtp.waitFor(1);
    expect(smtp.refused).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(t, id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    smtp.refuseNext(1);
    const { id } = await enqueue(t, contact('gives-up@example.com'));
    await t.db
      .update(emailOutbox)
      .set({ attempts: EMAIL_MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS, sentAt: null });
    expect(row.lastError).toContain('451');
    // A failed message is not tried again.
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    expect(
      smtp
        .withTemplate('contact-received')
        .filter((m) => m.to && 'text' in m.to && m.to.text === 'gives-up@example.com'),
    ).toHaveLength(0);
  });
});

describe('email without SMTP_URL', () => {
  let t: TestApp;
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk) => (logText += chunk));
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logger: true, logStream: logs });
  });
  afterAll(() => t.close());

  it('writes each message as an .eml file in DATA_DIR/mail and logs neither the address nor the body', async () => {
    const { id } = await enqueue(t, {
      template: 'login-code',
      to: 'file-only@example.com',
      data: { firstName: 'Ada', code: '654321', validMinutes: 10 },
    });
    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    const dir = path.join(t.dataDir, 'mail');
    expect(readdirSync(dir)).toEqual([`${id}.eml`]);
    const mail = await simpleParser(readFileSync(path.join(dir, `${id}.eml`)));
    expect(mail.headers.get('x-vbr-template')).toBe('login-code');
    expect(mail.text).toContain('654321');
    expect(logText).toContain('emails are written as .eml files');
    expect(logText).toContain(id);
    expect(logText).not.toContain('file-only@example.com');
    expect(logText).not.toContain('654321');
  });
});
