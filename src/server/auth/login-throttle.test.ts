import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addressNetwork,
  CodeRequestThrottle,
  DEFAULT_CODE_REQUEST_LIMITS,
  LoginThrottle,
  MemoryAttemptCounter,
  RedisAttemptCounter,
} from './login-throttle';
import { openRedis } from '../redis/open-redis';

// The Redis every machine here runs (README); keys under a prefix private to this run.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const warnings: string[] = [];
const log = { warn: (_object: object, message: string) => void warnings.push(message) };

describe('RedisAttemptCounter', () => {
  const prefix = `vbr-test:${randomUUID()}:`;
  const redis = openRedis(REDIS_URL, log);
  // Until the connection is ready, commands are refused and the counts stay in memory.
  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts concurrent attempts atomically, within the window, and forgets them on clear', async () => {
    const counter = new RedisAttemptCounter(redis, prefix);
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 20 }, () => counter.add('k', 60_000, now)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(counts.every((c) => c.oldestAt === now)).toBe(true);
    // A minute later the first twenty have left the window.
    expect(await counter.add('k', 60_000, now + 60_000)).toEqual({ count: 1, oldestAt: now + 60_000 });
    await counter.clear('k');
    expect((await counter.add('k', 60_000, now + 60_001)).count).toBe(1);
    expect(await redis.pttl(`${prefix}k`)).toBeGreaterThan(0);
  });

  it('is shared by two connections: the login throttle refuses the 6th attempt whichever counted the others', async () => {
    const other = new Redis(REDIS_URL);
    try {
      const throttles = [
        new LoginThrottle(new RedisAttemptCounter(redis, prefix)),
        new LoginThrottle(new RedisAttemptCounter(other, prefix)),
      ];
      const refused = [];
      for (let i = 0; i < 6; i += 1)
        refused.push((await throttles[i % 2]!.reserve('admin', '203.0.113.1', Date.now())).refusedForSeconds > 0);
      expect(refused).toEqual([false, false, false, false, false, true]);
    } finally {
      other.disconnect();
    }
  });

  it('shares the sign-in code request counts between two connections', async () => {
    const other = new Redis(REDIS_URL);
    try {
      const throttles = [
        new CodeRequestThrottle(new RedisAttemptCounter(redis, prefix)),
        new CodeRequestThrottle(new RedisAttemptCounter(other, prefix)),
      ];
      const allowed = [];
      for (let i = 0; i < 6; i += 1)
        allowed.push(await throttles[i % 2]!.reserve('ada@example.com', '203.0.113.1', Date.now()));
      expect(allowed).toEqual([true, true, true, true, true, false]);
    } finally {
      other.disconnect();
    }
  });

  it('counts in process memory while Redis cannot be reached, and says so once', async () => {
    const before = warnings.length;
    const down = openRedis(`redis://127.0.0.1:${await getPort({ host: '127.0.0.1' })}`, log);
    let errors = 0;
    down.on('error', () => (errors += 1));
    try {
      const counter = new RedisAttemptCounter(down, prefix);
      for (let i = 1; i <= 3; i += 1) expect((await counter.add('down', 60_000, Date.now())).count).toBe(i);
      // Until the client has failed to reconnect twice more: still one warning.
      await vi.waitFor(() => expect(errors).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
      expect(warnings.slice(before)).toEqual(['Redis is unreachable; throttles let requests through until it returns']);
    } finally {
      down.disconnect();
    }
  });
});

describe('addressNetwork', () => {
  it('is the /24 of an IPv4 address (mapped or not), the /64 of an IPv6 one, else the text itself', () => {
    expect(addressNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('not-an-address')).toBe('not-an-address');
  });
});

describe('CodeRequestThrottle', () => {
  const { perAddress, perNetwork, perEmail, windowMs } = DEFAULT_CODE_REQUEST_LIMITS;
  const asks = async (throttle: CodeRequestThrottle, email: string, address: string, times: number, now: number) => {
    const answers = [];
    for (let i = 0; i < times; i += 1) answers.push(await throttle.reserve(email, address, now));
    return answers;
  };

  it('limits one address per email (whatever its spelling), not the same address for another email', async () => {
    const throttle = new CodeRequestThrottle(new MemoryAttemptCounter());
    const now = Date.now();
    expect(await asks(throttle, 'ada@example.com', '203.0.113.1', perAddress, now)).not.toContain(false);
    expect(await throttle.reserve(' ADA@example.com', '203.0.113.1', now)).toBe(false);
    expect(await throttle.reserve('bob@example.com', '203.0.113.1', now)).toBe(true);
    // Once the window has passed, the address may ask again.
    expect(await throttle.reserve('ada@example.com', '203.0.113.1', now + windowMs)).toBe(true);
  });

  it('limits a /24 per email, and a hammering network does not use up the email ceiling', async () => {
    const throttle = new CodeRequestThrottle(new MemoryAttemptCounter());
    const now = Date.now();
    const answers = [];
    for (let host = 1; host <= 50; host += 1)
      answers.push(...(await asks(throttle, 'ada@example.com', `203.0.113.${host}`, perAddress + 1, now)));
    expect(answers.filter(Boolean)).toHaveLength(perNetwork);
    // The owner, from another network: the ceiling counted only the requests let through.
    expect(await throttle.reserve('ada@example.com', '198.51.100.9', now)).toBe(true);
  });

  it('refuses every address once the email ceiling is reached from several networks', async () => {
    const throttle = new CodeRequestThrottle(new MemoryAttemptCounter());
    const now = Date.now();
    let allowed = 0;
    for (let net = 0; allowed < perEmail; net += 1)
      for (let host = 1; host <= 2; host += 1)
        allowed += (await asks(throttle, 'ada@example.com', `10.0.${net}.${host}`, perAddress, now)).filter(
          Boolean,
        ).length;
    expect(allowed).toBe(perEmail);
    expect(await throttle.reserve('ada@example.com', '192.0.2.1', now)).toBe(false);
  });
});
