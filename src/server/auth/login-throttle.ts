/**
 * Throttles for guessing (docs/decisions/012-hardening.md). One small interface, `AttemptCounter`, holds the counts: in
 * process memory with one server process, in Redis (REDIS_URL) when several processes must count
 * together (docs/decisions/017-several-processes.md), and for the admin account throttles in the
 * database when there is no Redis. The policy below is the same for all.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttleAttempts } from '../db/schema';

export interface AttemptCounter {
  /**
   * Atomically records one attempt for `key` and returns the attempts in the last `windowMs`
   * (this one included) and when the oldest of them was made. `now`: the app's clock, in ms.
   */
  add(key: string, windowMs: number, now: number): Promise<{ count: number; oldestAt: number }>;
  /** Forgets the attempts of `key`. */
  clear(key: string): Promise<void>;
}

export class MemoryAttemptCounter implements AttemptCounter {
  private readonly attempts = new Map<string, number[]>();

  async add(key: string, windowMs: number, now: number): Promise<{ count: number; oldestAt: number }> {
    // No await before the write: concurrent callers each see the attempts of the ones before them.
    const list = (this.attempts.get(key) ?? []).filter((t) => now - t < windowMs);
    list.push(now);
    this.attempts.set(key, list);
    if (this.attempts.size > 100_000) this.prune(windowMs, now);
    return { count: list.length, oldestAt: list[0] ?? now };
  }

  async clear(key: string): Promise<void> {
    this.attempts.delete(key);
  }

  private prune(windowMs: number, now: number): void {
    for (const [key, list] of this.attempts) if (!list.some((t) => now - t < windowMs)) this.attempts.delete(key);
  }
}

/**
 * One attempt, atomically (a Lua script runs alone in Redis): drop the attempts that left the window,
 * add this one, keep the key no longer than the window, answer the count and the oldest attempt's time.
 * KEYS[1] the key; ARGV: now (ms), window (ms), a unique member.
 */
const ADD_ATTEMPT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return { redis.call('ZCARD', KEYS[1]), oldest[2] }
`;

/**
 * The counts in Redis, shared by every process: a sorted set of attempt times per key. While Redis
 * cannot be reached the counts are kept in this process's memory instead (requests are still
 * served and still throttled per process); they are in Redis again as soon as it answers.
 */
export class RedisAttemptCounter implements AttemptCounter {
  private readonly fallback = new MemoryAttemptCounter();

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'vbr:attempts:',
  ) {}

  async add(key: string, windowMs: number, now: number): Promise<{ count: number; oldestAt: number }> {
    try {
      const [count, oldest] = (await this.redis.eval(
        ADD_ATTEMPT_SCRIPT,
        1,
        this.prefix + key,
        now,
        windowMs,
        `${now}:${randomUUID()}`,
      )) as [number, string];
      return { count, oldestAt: Number(oldest) };
    } catch {
      // Redis is down (openRedis logs the outage once): count here until it returns.
      return this.fallback.add(key, windowMs, now);
    }
  }

  async clear(key: string): Promise<void> {
    await this.fallback.clear(key);
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }
}

/** How long a row of `DatabaseAttemptCounter` may outlive its window: no throttle counts over a longer one. */
const DATABASE_ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The counts in the database, for the throttles that must hold across processes when Redis is not
 * configured: one row per attempt. The row is committed before the count is read, so of concurrent
 * attempts the last to count sees all of them: no more than the limit get through.
 */
export class DatabaseAttemptCounter implements AttemptCounter {
  constructor(private readonly db: Db) {}

  async add(key: string, windowMs: number, now: number): Promise<{ count: number; oldestAt: number }> {
    const since = new Date(now - windowMs);
    await this.db
      .delete(throttleAttempts)
      .where(
        or(
          and(eq(throttleAttempts.key, key), lte(throttleAttempts.at, since)),
          lt(throttleAttempts.at, new Date(now - DATABASE_ATTEMPT_RETENTION_MS)),
        ),
      );
    await this.db.insert(throttleAttempts).values({ key, at: new Date(now) });
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<number | null>`(extract(epoch from min(${throttleAttempts.at})) * 1000)::float8`,
      })
      .from(throttleAttempts)
      .where(and(eq(throttleAttempts.key, key), gt(throttleAttempts.at, since)));
    return { count: row?.count ?? 1, oldestAt: row?.oldest ?? now };
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(throttleAttempts).where(eq(throttleAttempts.key, key));
  }
}

export interface AccountThrottleLimits {
  /** Attempts one address may make for one admin account in the window. */
  perAddress: number;
  /** Attempts for one admin account from every address in the window. */
  perAccount: number;
  windowMs: number;
}

export const DEFAULT_ACCOUNT_THROTTLE_LIMITS: AccountThrottleLimits = {
  perAddress: 5,
  perAccount: 10,
  windowMs: 15 * 60 * 1000,
};

/**
 * Guesses at one admin account's secrets (the sign-in code once the password was right, the current
 * password of a step-up: two-factor set-up, enable, disable, password change), counted before the
 * check per account and address, then per account from everywhere; a request refused by the narrower
 * count is not counted by the wider one (docs/decisions/032-throttles-keyed-by-what-the-owner-controls.md).
 * Every attempt counted here needs the account's password or a session of it, so a stranger cannot
 * fill these counts: the owner still signs in from a fresh address.
 */
export class AccountThrottle {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly action: string,
    private readonly limits: AccountThrottleLimits = DEFAULT_ACCOUNT_THROTTLE_LIMITS,
  ) {}

  /** Records an attempt at `now` (ms); the seconds to wait when refused, else 0. */
  async reserve(adminId: string, address: string, now: number): Promise<number> {
    const { perAddress, perAccount, windowMs } = this.limits;
    const counts: Array<[string, number]> = [
      [`${this.action}-pair:${adminId}|${address}`, perAddress],
      [`${this.action}-account:${adminId}`, perAccount],
    ];
    for (const [key, max] of counts) {
      const { count, oldestAt } = await this.counter.add(key, windowMs, now);
      if (count > max) return Math.max(1, Math.ceil((oldestAt + windowMs - now) / 1000));
    }
    return 0;
  }

  /** A right answer clears the account's counts here. */
  async succeeded(adminId: string, address: string): Promise<void> {
    await this.counter.clear(`${this.action}-pair:${adminId}|${address}`);
    await this.counter.clear(`${this.action}-account:${adminId}`);
  }
}

export interface LoginThrottleOptions {
  /** Attempts per username and address in the window before that pair is refused (429). */
  perAddress: number;
  /** Attempts per username (all addresses) in the window after which every attempt is slowed down. */
  perUsername: number;
  windowMs: number;
  /** The slow-down per attempt over the username ceiling, growing with the excess (capped at 5 s). */
  slowDownMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  perAddress: 5,
  perUsername: 20,
  windowMs: 15 * 60 * 1000,
  slowDownMs: 250,
};

/**
 * The admin login throttle. `reserve` counts the attempt before the password is checked (so
 * concurrent guesses cannot all pass a check made before any of them failed):
 * - per username + address: after `perAddress` attempts the pair waits until its oldest attempt
 *   leaves the window; attempts made while refused count too, so a hammering address keeps waiting;
 * - per username, all addresses: over `perUsername` attempts each attempt is delayed, more as the
 *   excess grows, but never refused, so an attacker elsewhere cannot lock the real admin out.
 */
export class LoginThrottle {
  constructor(
    private readonly counter: AttemptCounter = new MemoryAttemptCounter(),
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /**
   * Records an attempt at `now` (the app's clock, ms). Returns the seconds to wait when refused, or the
   * delay (ms) to apply before checking.
   */
  async reserve(
    username: string,
    address: string,
    now: number,
  ): Promise<{ refusedForSeconds: number; delayMs: number }> {
    const { perAddress, perUsername, windowMs, slowDownMs } = this.options;
    const pair = await this.counter.add(pairKey(username, address), windowMs, now);
    const user = await this.counter.add(`login-user:${username}`, windowMs, now);
    if (pair.count > perAddress) {
      return { refusedForSeconds: Math.max(1, Math.ceil((pair.oldestAt + windowMs - now) / 1000)), delayMs: 0 };
    }
    const excess = user.count - perUsername;
    return { refusedForSeconds: 0, delayMs: excess > 0 ? Math.min(5000, excess * slowDownMs) : 0 };
  }

  /** A successful login clears its pair (the username ceiling only ever slows down). */
  async succeeded(username: string, address: string): Promise<void> {
    await this.counter.clear(pairKey(username, address));
  }
}

const pairKey = (username: string, address: string) => `login-pair:${username}|${address}`;

/**
 * The network an address belongs to, as far as a throttle cares: its /24 (IPv4) or /64 (IPv6, what
 * one subscriber or one rented server is usually given). An address that does not parse is its own
 * network.
 */
export function addressNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().slice(0, 3).join('.')}.0/24`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

export interface CodeRequestLimits {
  /** Codes one address may ask for one email in the window. */
  perAddress: number;
  /** Codes one network (addressNetwork) may ask for one email in the window. */
  perNetwork: number;
  /** Codes one email may be sent in the window, from everywhere: bounds the mails and the guesses. */
  perEmail: number;
  windowMs: number;
}

export const DEFAULT_CODE_REQUEST_LIMITS: CodeRequestLimits = {
  perAddress: 5,
  perNetwork: 10,
  perEmail: 30,
  windowMs: 15 * 60 * 1000,
};

/**
 * The student sign-in code requests, counted before the code is made (concurrent requests cannot
 * slip past). Narrowest first, and a refused request is not counted by the wider counts: an address
 * or a network over its own limit adds nothing to the email's ceiling, so the owner, asking from
 * elsewhere, still gets a code (docs/decisions/032-throttles-keyed-by-what-the-owner-controls.md).
 */
export class CodeRequestThrottle {
  constructor(
    private readonly counter: AttemptCounter = new MemoryAttemptCounter(),
    private readonly limits: CodeRequestLimits = DEFAULT_CODE_REQUEST_LIMITS,
  ) {}

  /** Records a request for `email` from `address` at `now` (the app's clock, ms); false when it is refused. */
  async reserve(email: string, address: string, now: number): Promise<boolean> {
    const { perAddress, perNetwork, perEmail, windowMs } = this.limits;
    const key = email.trim().toLowerCase();
    const counts: Array<[string, number]> = [
      [`code-request-address:${key}|${address}`, perAddress],
      [`code-request-network:${key}|${addressNetwork(address)}`, perNetwork],
      [`code-request-email:${key}`, perEmail],
    ];
    for (const [counterKey, max] of counts) {
      if ((await this.counter.add(counterKey, windowMs, now)).count > max) return false;
    }
    return true;
  }
}
