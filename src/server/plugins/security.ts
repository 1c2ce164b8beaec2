/**
 * Everything that guards the routes, before any is registered: one error handler, the security
 * headers, no caching of API answers, rate limits (counted in Redis when there is one: Redis down,
 * requests pass), multipart limits for uploads, and the bearer token read into `request.auth`.
 */
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@shared/messages';
import { authPlugin } from './auth';
import { registerErrorHandlers } from './error-handler';
import { registerNoStore } from './no-store';
import { registerSecurityHeaders } from './security-headers';

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    registerErrorHandlers(app);
    registerSecurityHeaders(app);
    registerNoStore(app);
    const { redis } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'vbr:rate-limit:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        detail: messages.common.tooManyRequests,
        retryAfter: context.after,
      }),
    });
    await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 10_485_760 + 1 } });
    await app.register(authPlugin);
  },
  { name: 'security', dependencies: ['database', 'services'] },
);
