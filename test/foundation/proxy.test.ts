// engines: both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '@server/routes/public';
import { buildTestApp, type TestApp } from '../helpers/app';

/** Behind a trusted reverse proxy (TRUST_PROXY) per-address throttles key on the forwarded client address. */
describe('per-address throttles behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => t.close());

  const message = {
    name: 'Proxy Test',
    email: 'proxy@example.com',
    subject: 'Hello',
    category: 'other',
    message: 'Testing the throttle behind a proxy.',
  };
  const send = (clientAddress: string, via = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: message,
      remoteAddress: via,
      headers: { 'x-forwarded-for': clientAddress },
    });

  it('lets different clients through one proxy and throttles one client', async () => {
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send(`198.51.100.${i + 1}`)).statusCode).toBe(201);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i += 1) statuses.push((await send('192.0.2.77')).statusCode);
    expect(statuses.slice(0, CONTACT_RATE_LIMIT.max).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('ignores the header from a sender that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i += 1) {
      statuses.push((await send(`198.51.100.${100 + i}`, '203.0.113.9')).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
