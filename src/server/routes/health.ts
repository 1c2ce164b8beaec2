import { z } from 'zod';
import { messages } from '@shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '@server/plugins/api-docs';

const HEALTH_TIMEOUT_MS = 2000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'health');
  app.get(
    '/health',
    {
      schema: {
        summary: 'Is the server up and its database answering?',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable'), detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS).unref()),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, detail: messages.common.databaseUnavailable });
      }
    },
  );
};

export default healthRoutes;
