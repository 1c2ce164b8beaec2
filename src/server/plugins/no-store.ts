/**
 * Every API answer that does not say how it may be cached is `Cache-Control: no-store`: a student's
 * record, an admin list, a sign-in answer with its token, a refusal. Only the few public answers that
 * are the same for everyone set their own rule in their route (recent sign-ups, the sample
 * certificate, verification), so a route that forgets is private by default, not cacheable.
 */
import type { FastifyInstance } from 'fastify';

export function registerNoStore(app: FastifyInstance): void {
  // A callback hook: no promise per answer.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done();
  });
}
