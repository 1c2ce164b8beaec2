// engines: both
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '@server/db/schema';
import { CONTACT_RATE_LIMIT } from '@server/routes/public';
import { buildTestApp, type TestApp } from '../helpers/app';
import { one } from '@server/db/rows';

describe('POST /api/support/messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

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

  it("stores the message and answers with SPEC's confirmation", async () => {
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
});
