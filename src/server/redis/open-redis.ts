/**
 * The Redis connection that several app processes share their throttle counters through (REDIS_URL,
 * docs/decisions/017-several-processes.md). Redis is a helper, never a dependency of a request:
 * - commands are refused at once while the connection is down (no offline queue) and give up after
 *   `COMMAND_TIMEOUT_MS`, so callers fail open instead of waiting;
 * - the client reconnects for ever, backing off up to two seconds;
 * - an outage is logged once when it starts and once when it ends, not once per request.
 */
import { Redis } from 'ioredis';

const COMMAND_TIMEOUT_MS = 1000;

export interface RedisLogger {
  warn(object: object, message: string): void;
}

export function openRedis(url: string, log: RedisLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // True from the first error of an outage until the connection is ready again.
  let reported = false;
  redis.on('ready', () => {
    if (reported) log.warn({ redis: 'available' }, 'Redis is reachable again; throttles count in Redis again');
    reported = false;
  });
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    log.warn(
      { redis: 'unavailable', err: { message: error.message } },
      'Redis is unreachable; throttles let requests through until it returns',
    );
  });
  return redis;
}
