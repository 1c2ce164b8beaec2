// engines: both
/**
 * Replies to contact messages: kept under the message, e-mailed to its sender through the outbox
 * (template contact-reply, checked on the SMTP sink), audited; owners and staff; bad input and an
 * unknown message refused with nothing saved or sent.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, contactMessageReplies, contactMessages, emailOutbox } from '@server/db/schema';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { insertContactMessage } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

describe('replies to contact messages', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url });
    owner = bearer(await t.adminToken('reply-owner'));
    staff = bearer(await t.adminToken('reply-staff', 'staff'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const reply = (id: string, payload: unknown, headers = owner) =>
    t.app.inject({ method: 'POST', url: `/api/admin/messages/${id}/reply`, headers, payload: payload as object });
  const counts = async () => ({
    replies: (await t.db.select({ n: count() }).from(contactMessageReplies))[0]?.n,
    emails: (await t.db.select({ n: count() }).from(emailOutbox))[0]?.n,
  });

  it('e-mails the reply to the sender through the outbox, lists it under the message and audits it', async () => {
    const message = await insertContactMessage(t.db, {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Start dates',
      message: 'When is the next intake?',
    });
    const first = await reply(message.id, { body: '  The next intake is on 1 March.\n\nSee you there.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      reply: {
        id: expect.any(String),
        body: 'The next intake is on 1 March.\n\nSee you there.',
        admin_username: 'reply-owner',
        created_at: expect.any(String),
      },
    });
    const second = await reply(message.id, { body: 'One more thing: bring a camera.' }, staff);
    expect(second.statusCode).toBe(201);

    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'contact-reply')).limit(1);
    expect(queued).toMatchObject({ toAddress: 'ada@example.com', status: 'pending' });
    expect(queued?.data).toMatchObject({
      name: 'Ada',
      body: 'The next intake is on 1 March.\n\nSee you there.',
      originalSubject: 'Start dates',
      originalMessage: 'When is the next intake?',
    });

    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await smtp.waitFor(2);
    const sent = smtp.withTemplate('contact-reply');
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.to && !Array.isArray(m.to) && m.to.text)).toEqual(['ada@example.com', 'ada@example.com']);
    expect(sent.some((m) => m.text?.includes('The next intake is on 1 March.'))).toBe(true);
    expect(sent.every((m) => m.text?.includes('When is the next intake?'))).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: staff });
    const listed = list.json().messages.find((m: { id: string }) => m.id === message.id);
    expect(listed.read).toBe(true);
    expect(listed.replies.map((r: { body: string; admin_username: string }) => [r.admin_username, r.body])).toEqual([
      ['reply-owner', 'The next intake is on 1 March.\n\nSee you there.'],
      ['reply-staff', 'One more thing: bring a camera.'],
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'message.replied'));
    expect(audits.map((a) => a.adminUsername).sort()).toEqual(['reply-owner', 'reply-staff']);
    expect(audits[0]?.details).toMatchObject({ message_id: message.id, to: 'ada@example.com' });
  });

  it('lists a message without replies with an empty list', async () => {
    const message = await insertContactMessage(t.db, { email: 'quiet@example.com' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/messages?page_size=200', headers: owner });
    expect(list.json().messages.find((m: { id: string }) => m.id === message.id).replies).toEqual([]);
  });

  it('refuses an empty, too long or control-character reply (400 {detail}) and an unknown message (404), saving and sending nothing', async () => {
    const message = await insertContactMessage(t.db);
    const before = await counts();
    for (const payload of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(5001) },
      { body: 'a\u0000b' },
      { body: 42 },
    ]) {
      const res = await reply(message.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    expect((await reply(message.id, { body: '' })).json()).toEqual({ detail: messages.admin.replyBody });
    const unknown = await reply('00000000-0000-4000-8000-000000000000', { body: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.admin.messageNotFound });
    expect((await reply('not-a-uuid', { body: 'Hello' })).statusCode).toBe(400);
    expect((await reply(message.id, { body: 'Hello' }, {})).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    const [unread] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(unread?.readAt).toBeNull();
  });
});
