import { z } from 'zod';
import { messages } from '@shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '@server/plugins/api-docs';

const READY_TIMEOUT_MS = 2000;

/**
 * GET /api/health: liveness (the process answers; no database call, so a load balancer's frequent
 * probe costs nothing). GET /api/health/ready: readiness (the database answers and migrations have
 * run, since the app only listens after migrating); 503 while the process drains on SIGTERM.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'health');
  const ok = z.object({ status: z.literal('ok') });
  const unavailable = z.object({ status: z.literal('unavailable'), detail: z.string() });

  app.get(
    '/health',
    { schema: { summary: 'Liveness: is the server process answering?', response: { 200: ok } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Readiness: is the database answering and the server not shutting down?',
        response: { 200: ok, 503: unavailable },
      },
    },
    async (_request, reply) => {
      if (app.lifecycle.draining) {
        return reply.code(503).send({ status: 'unavailable' as const, detail: messages.common.shuttingDown });
      }
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, detail: messages.common.databaseUnavailable });
      }
    },
  );
};

export default healthRoutes;
