// engines: both
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { contactMessages, emailOutbox } from '@server/db/schema';
import { EMAIL_OUTBOX_JOB } from '@server/jobs/email-outbox';
import { CONTACT_RATE_LIMIT } from '@server/routes/public';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { one } from '@server/db/rows';

describe('POST /api/support/messages', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ SMTP_URL: smtp.url, ADMIN_NOTIFY_EMAIL: 'admins@vbr.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let addressCounter = 0;
  /** Each test sends from its own address so the per-address throttle only bites where intended. */
  const newAddress = () => `203.0.113.${(addressCounter += 1)}`;
  const send = (payload: Record<string, unknown>, remoteAddress = newAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/support/messages', payload, remoteAddress });

  const valid = {
    name: 'Grace Holloway',
    email: 'grace.holloway@example.com',
    subject: 'Start dates',
    category: 'course',
    message: 'When does the next Foundation course start?',
  };

  it('stores the message and answers with the confirmation', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.detail).toBe("Your message has been sent! We'll get back to you within 24 hours.");
    const row = one(await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.id)));
    expect(row).toMatchObject({
      name: 'Grace Holloway',
      email: 'grace.holloway@example.com',
      subject: 'Start dates',
      category: 'course',
      message: 'When does the next Foundation course start?',
      readAt: null,
    });
  });

  it("files a message without subject or category under 'other'", async () => {
    const res = await send({ name: 'Noah', email: 'noah@example.com', message: 'Hello' });
    expect(res.statusCode).toBe(201);
    const row = one(await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id)));
    expect(row).toMatchObject({ category: 'other', subject: null });
  });

  it('asks for name, email and message', async () => {
    for (const missing of ['name', 'email', 'message']) {
      for (const value of [undefined, '', '   ']) {
        const res = await send({ ...valid, [missing]: value });
        expect(res.statusCode, `${missing}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json()).toEqual({ detail: 'Please fill in all required fields' });
      }
    }
  });

  it('refuses an invalid email, an unknown category and overlong text with readable messages', async () => {
    expect((await send({ ...valid, email: 'not-an-email' })).json()).toEqual({ detail: 'Please enter a valid email address' });
    expect((await send({ ...valid, category: 'billing' })).json()).toEqual({
      detail: 'Please choose one of the listed categories',
    });
    const long = await send({ ...valid, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toMatch(/Please keep your message shorter/);
  });

  it('never stores fields the form does not have', async () => {
    const res = await send({ ...valid, read_at: '2020-01-01T00:00:00Z', id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe('00000000-0000-4000-8000-000000000000');
    const row = one(await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id)));
    expect(row.readAt).toBeNull();
  });

  it('throttles repeated messages from one address without affecting others', async () => {
    const address = newAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send({ ...valid, message: `Message ${i}` }, address)).statusCode).toBe(201);
    }
    const blocked = await send({ ...valid, message: 'One too many' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe(
      'You have sent several messages in a short time. Please wait a few minutes before sending another.',
    );
    const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.message, 'One too many'));
    expect(stored).toHaveLength(0);
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('acknowledges a message quoting nothing the sender typed but the name, with a footer for a contact message', async () => {
    // What someone might type to make a branded email carry their text to any address.
    const lure = 'Your refund is ready: claim it at https://evil.example/refund';
    const res = await send({
      ...valid,
      name: 'Grace Holloway',
      email: 'someone.else@example.com',
      subject: lure,
      message: `${lure} (message body)`,
    });
    expect(res.statusCode).toBe(201);
    const queued = one(
      await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.template, 'contact-received'), eq(emailOutbox.toAddress, 'someone.else@example.com'))),
    );
    expect(JSON.stringify(queued.data)).not.toContain('evil.example');

    await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);
    await smtp.waitFor((await t.db.select().from(emailOutbox)).length);
    const to = (mail: { to?: unknown }) => (mail.to as { text: string }).text;
    const ack = smtp.withTemplate('contact-received').find((mail) => to(mail) === 'someone.else@example.com');
    expect(ack!.subject).toBe(messages.email.contactSubject);
    for (const body of [ack!.text ?? '', String(ack!.html)]) {
      expect(body).toContain('Grace Holloway');
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('refund');
      expect(body).not.toMatch(/enrol/i);
    }
    expect(ack!.text).toContain(messages.email.contactFooter);
    // The admins' notification still names the subject: it goes to the admins, not to the address typed.
    const notices = smtp.withTemplate('admin-new-message').map((mail) => mail.text ?? '');
    expect(notices.some((text) => text.includes('evil.example'))).toBe(true);
  });
});
