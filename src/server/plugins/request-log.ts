/**
 * One log line per request, when its response has been sent: method, route, status and time.
 * API routes are logged by their pattern (`/api/students/:email/id-status`), never the raw URL, which
 * may hold an email address; an unknown API path is logged without its path. Pages log their path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = request.url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/') ? '(unknown api route)' : path;
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, route: routeOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
}
