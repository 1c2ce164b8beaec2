/**
 * Serves the built client (dist/client). Hashed assets are cached for a year; HTML never is. Files
 * precompressed at build time (.br, .gz) are sent to browsers that accept them (pages without such
 * files are compressed once, on first request).
 * Any GET outside /api that is not a file gets the page prerendered for that path when there is one,
 * else the SPA shell: with status 200 for the app's routes (deep links such as /admin/dashboard),
 * 404 for anything else (the app then shows its not-found page). Unknown /api paths are 404 JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shared/messages';
import { isAppRoute, NOT_FOUND_FILE, SPA_SHELL_FILE } from '@shared/routes';

interface Page {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const pages = new Map<string, Page | null>();
  /** A built HTML file (relative to clientDir), read once; null when absent or outside clientDir. */
  function file(relative: string): Page | null {
    if (!pages.has(relative)) {
      const full = path.join(clientDir, relative);
      const inside = full.startsWith(clientDir + path.sep);
      const read = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
      pages.set(
        relative,
        inside && hasClient && existsSync(full)
          ? { html: readFileSync(full, 'utf8'), br: read('.br'), gzip: read('.gz') }
          : null,
      );
    }
    return pages.get(relative) ?? null;
  }

  // dist/client/index.html is the prerendered landing page once the build has prerendered it.
  const shell = () => file(SPA_SHELL_FILE) ?? file('index.html');

  function pageFor(urlPath: string): { page: Page | null; status: 200 | 404 } {
    const clean = path.posix.normalize(urlPath).replace(/\/+$/, '') || '/';
    const prerendered = file(path.posix.join(clean, 'index.html').replace(/^\//, ''));
    if (prerendered) return { page: prerendered, status: 200 };
    if (isAppRoute(clean)) return { page: shell(), status: 200 };
    return { page: file(NOT_FOUND_FILE) ?? shell(), status: 404 };
  }

  function sendHtml(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // q-values count: "br;q=0" refuses brotli.
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    if (encoding === 'br') {
      page.br ??= brotliCompressSync(page.html);
      return reply.header('content-encoding', 'br').send(page.br);
    }
    if (encoding === 'gzip') {
      page.gzip ??= gzipSync(page.html);
      return reply.header('content-encoding', 'gzip').send(page.gzip);
    }
    return reply.send(page.html);
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = new URL(request.url, 'http://localhost').pathname;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: messages.common.notFound });
    }
    // A missing file (an old asset, a mistyped image) is a plain 404, never a page.
    if (/\.[a-z0-9]+$/i.test(urlPath)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(messages.common.notFound);
    }
    const { page, status } = pageFor(urlPath);
    if (!page) {
      return reply.code(503).type('text/plain').send('The site has not been built. Run `npm run build`.');
    }
    return sendHtml(request, reply, page, status);
  });
}
