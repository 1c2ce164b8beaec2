/**
 * What an operator sees of each request: its id in the `x-request-id` header, one log line when it
 * is answered (request-log.ts) and, with METRICS_TOKEN, the Prometheus metrics (metrics.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerMetrics } from './metrics';
import { registerRequestLog } from './request-log';

export const observabilityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    registerRequestLog(app);
    registerMetrics(app, {
      token: app.config.metricsToken,
      database: app.database,
      lastJobSuccesses: () => app.jobs.lastSuccesses(),
    });
  },
  { name: 'observability', dependencies: ['database', 'jobs'] },
);
