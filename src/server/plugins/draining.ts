/**
 * While the process drains before it stops (main.ts), a request a proxy may send to another process
 * (GET, HEAD) is answered 503: nginx passes it on and stops sending to this process. Any other request
 * is served, as a proxy never sends it twice. Readiness answers for itself (routes/health.ts). Each
 * answer then closes its connection, so a client that keeps connections alive does not hold the
 * process open after its request in flight is answered.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@shared/messages';

const DRAINED_METHODS = new Set(['GET', 'HEAD']);
const READINESS_ROUTE = '/api/health/ready';

export const drainingPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', { draining: false });
    app.addHook('onRequest', (request, reply, done) => {
      if (
        app.lifecycle.draining &&
        DRAINED_METHODS.has(request.method) &&
        request.routeOptions.url !== READINESS_ROUTE
      ) {
        void reply.code(503).header('retry-after', '1').send({ detail: messages.common.shuttingDown });
        return;
      }
      done();
    });
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (app.lifecycle.draining) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'draining' },
);
