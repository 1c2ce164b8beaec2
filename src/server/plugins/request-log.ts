/**
 * One log line per request, when its response has been sent: method, route, status and time.
 * API routes are logged by their pattern (`/api/students/:email/id-status`), never the raw URL, which
 * may hold an email address; an unknown path is logged without its path. Known pages log their path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppRoute } from '@shared/routes';

function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = request.url.split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return '(unknown api route)';
  // Any path can be asked for (`/someone@example.org`): only the site's own pages are named.
  return isAppRoute(path) ? path : '(unknown page)';
}

export function registerRequestLog(app: FastifyInstance): void {
  // The line is written by a child of the app's logger without redaction: pino runs every field of a
  // line through the wildcard redaction of LOG_REDACT_PATHS ('*.token'…), a visible share of a
  // simple request (docs/perf/history.md), and this line's fields are strings and numbers that none of those paths can name
  // (each names an object's property). `reqId` first: the line is byte for byte what `request.log`
  // (the request's child logger, which binds it) would write.
  const logger = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const { id: reqId, method } = request;
    logger.info(
      { reqId, method, route: routeOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
}
