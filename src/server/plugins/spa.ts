/**
 * Serves the built client (dist/client) from memory (plugins/built-files.ts): each file at its own
 * path, and each prerendered page at its path (`/`, `/support`…). Hashed assets are cached for a
 * year; HTML and the other files are revalidated by ETag.
 * Any other GET outside /api that is not a file gets the page prerendered for that path when there is
 * one (`/support/`), else the SPA shell: with status 200 for the app's routes (deep links such as
 * /admin/dashboard), 404 for anything else (the app then shows its not-found page). Unknown /api
 * paths are 404 JSON. /verify/{id} is made per request with the certificate's result (plugins/verify-page.ts).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { messages } from '@shared/messages';
import { isAppRoute, NOT_FOUND_FILE, ROUTES, SPA_SHELL_FILE } from '@shared/routes';
import { loadBuiltFiles, sendBuiltFile, type BuiltFile } from './built-files';
import { loadVerifyPage } from './verify-page';

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const files = loadBuiltFiles(clientDir);
  const hasClient = files.has('index.html');
  const page = (relative: string): BuiltFile | undefined => (hasClient ? files.get(relative) : undefined);
  // dist/client/index.html is the prerendered landing page once the build has prerendered it.
  const shell = () => page(SPA_SHELL_FILE) ?? page('index.html');

  // The route pattern is the path itself (the request log shows it); hidden from the API documentation.
  // /enroll is prerendered as a new visitor's first step. With a query (?step=course-selection…,
  // ?success=true) the wizard shows another step, so that address gets the shell: the step it asks
  // for appears once the wizard renders, rather than step 1 first and then the step (decision 022).
  const route = (url: string, file: BuiltFile) => {
    const withQuery = url === ROUTES.enrol ? (shell() ?? file) : file;
    app.get(url, { schema: { hide: true } }, (request, reply) =>
      sendBuiltFile(request, reply, request.url.includes('?') ? withQuery : file),
    );
    // The same answer before Fastify, for requests over HTTP (plugins/static-fast-path.ts).
    app.staticFiles.add(url, file, withQuery);
  };

  if (hasClient) {
    for (const [relative, file] of files) {
      // A name the router reads as a parameter or wildcard is found by the not-found handler instead.
      if (/[^\w\-./~@+]/.test(relative)) continue;
      route(`/${relative}`, file);
      // dist/client/support/index.html is the page /support (and index.html the landing page /).
      if (relative === 'index.html') route('/', file);
      else if (relative.endsWith('/index.html')) route(`/${relative.slice(0, -'/index.html'.length)}`, file);
    }
  }

  // /verify/{id}: the verification page, made per request with its result (plugins/verify-page.ts).
  const shellFile = shell();
  const verifyPage = shellFile ? await loadVerifyPage(app, clientDir, shellFile) : undefined;
  if (verifyPage) app.get(ROUTES.verifyCertificate, { schema: { hide: true } }, verifyPage);

  function pageFor(urlPath: string): { file: BuiltFile | undefined; status: 200 | 404 } {
    const clean = path.posix.normalize(urlPath).replace(/\/+$/, '') || '/';
    const prerendered = page(path.posix.join(clean, 'index.html').replace(/^\//, ''));
    if (prerendered) return { file: prerendered, status: 200 };
    if (isAppRoute(clean)) return { file: shell(), status: 200 };
    return { file: page(NOT_FOUND_FILE) ?? shell(), status: 404 };
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = new URL(request.url, 'http://localhost').pathname;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: messages.common.notFound });
    }
    const named = page(safeDecode(urlPath).slice(1));
    if (named && !urlPath.endsWith('/')) return sendBuiltFile(request, reply, named);
    // A missing file (an old asset, a mistyped image) is a plain 404, never a page.
    if (/\.[a-z0-9]+$/i.test(urlPath)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(messages.common.notFound);
    }
    const { file, status } = pageFor(urlPath);
    if (!file) {
      return reply.code(503).type('text/plain').send('The site has not been built. Run `npm run build`.');
    }
    return sendBuiltFile(request, reply, file, status);
  });
}
