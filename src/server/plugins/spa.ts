/**
 * Serves the built client (dist/client). Hashed assets are cached for a year; HTML never is.
 * Any GET outside /api that is not a file gets a prerendered page when one exists for that path,
 * else the SPA shell, so deep links such as /admin/dashboard work. Unknown /api paths are 404 JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '../../shared/messages';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shell = hasClient ? readFileSync(path.join(clientDir, 'index.html'), 'utf8') : null;
  const prerendered = new Map<string, string>();

  function pageFor(urlPath: string): string | null {
    const clean = path.posix.normalize(urlPath).replace(/\/+$/, '') || '/';
    if (!prerendered.has(clean)) {
      const file = path.join(clientDir, clean === '/' ? '' : clean, 'index.html');
      const inside = file.startsWith(clientDir + path.sep);
      prerendered.set(clean, inside && hasClient && existsSync(file) ? readFileSync(file, 'utf8') : '');
    }
    return prerendered.get(clean) || shell;
  }

  function sendHtml(reply: FastifyReply, html: string) {
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: messages.common.notFound });
    }
    const html = pageFor(urlPath);
    if (!html) {
      return reply.code(503).type('text/plain').send('The site has not been built. Run `npm run build`.');
    }
    return sendHtml(reply, html);
  });
}
