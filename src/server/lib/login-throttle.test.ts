import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle, RedisAttemptCounter } from './login-throttle';
import { openRedis } from './redis';

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
        refused.push((await throttles[i % 2]!.reserve('admin', '203.0.113.1')).refusedForSeconds > 0);
      expect(refused).toEqual([false, false, false, false, false, true]);
    } finally {
      other.disconnect();
    }
  });

  it('counts in process memory while Redis cannot be reached, and says so once', async () => {
    const before = warnings.length;
    const down = openRedis(`redis://127.0.0.1:${await getPort({ host: '127.0.0.1' })}`, log);
    try {
      const counter = new RedisAttemptCounter(down, prefix);
      for (let i = 1; i <= 3; i += 1) expect((await counter.add('down', 60_000)).count).toBe(i);
      await new Promise((r) => setTimeout(r, 500));
      expect(warnings.slice(before)).toEqual(['Redis is unreachable; throttles let requests through until it returns']);
    } finally {
      down.disconnect();
    }
  });
});
