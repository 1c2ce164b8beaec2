/**
 * What routes and jobs use besides the database, each built once: the clock, tokens, the key ring of
 * private data, the throttles' counter (and the Redis it counts in), the payment provider and the
 * mail transport.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DatabaseAttemptCounter,
  MemoryAttemptCounter,
  RedisAttemptCounter,
  type AttemptCounter,
} from '../auth/login-throttle';
import { TokenService } from '../auth/tokens';
import { PrivateDataKeyRing } from '../crypto/private-data-keys';
import { createMailTransport } from '../mail/transport';
import { openRedis } from '../redis/open-redis';
import { createPaymentProvider } from '../square/create-provider';

export const servicesPlugin = fp(
  async (app: FastifyInstance, options: { clock?: () => Date }) => {
    const { config } = app;
    app.decorate('clock', options.clock ?? (() => new Date()));
    app.decorate('tokens', new TokenService(config.sessionSecret, config.studentTokenTtlSeconds));
    app.decorate('privateDataKeys', new PrivateDataKeyRing(config.idDocuments.key, config.idDocuments.oldKeys));
    // Several processes count throttled attempts together in Redis (docs/decisions/017-several-processes.md).
    const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
    app.decorate('redis', redis);
    const attempts: AttemptCounter = redis ? new RedisAttemptCounter(redis) : new MemoryAttemptCounter();
    app.decorate('attempts', attempts);
    // Guesses at an admin account's secrets must be counted together by every process even without Redis.
    app.decorate('accountAttempts', redis ? attempts : new DatabaseAttemptCounter(app.db));
    app.decorate('paymentProvider', createPaymentProvider(config.square, app.db));
    const mailSettings = {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      host: new URL(config.publicUrl).hostname,
      mailDir: path.join(config.dataDir, 'mail'),
    };
    app.decorate('mail', createMailTransport(mailSettings, app.log));
    app.addHook('onClose', () => {
      app.mail.close();
      redis?.disconnect();
    });
  },
  { name: 'services', dependencies: ['database'] },
);
