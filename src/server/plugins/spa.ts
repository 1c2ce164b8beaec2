/**
 * Serves the built client (dist/client): each file at its own path through @fastify/static
 * (plugins/built-files.ts), and each prerendered page at its path (`/`, `/support`, `/support/`…) from
 * memory (plugins/pages.ts).
 * Any other GET outside /api that is not a file gets the page prerendered for that path when there is
 * one, else the SPA shell: with status 200 for the app's routes (deep links such as
 * /admin/dashboard), 404 and the not-found page for anything else. Unknown /api paths are 404 JSON,
 * a missing file a plain 404. /verify/{id} is made per request with the certificate's result
 * (routes/certificates/verify-page.ts).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '@shared/messages';
import { isAppRoute, isPrerenderedPath, NOT_FOUND_FILE, ROUTES } from '@shared/routes';
import { builtFileNames, registerBuiltFiles, spaShellFile } from './built-files';
import { startLivePages } from './live-pages';
import { loadPage, registerPages } from './pages';

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * The not-found page is sent with its 404 and without validators: a 404 is never answered 304
 * (conditional requests apply to 2xx answers), and a Range header must not make it a part of the page.
 */
const NOT_FOUND_SEND_OPTIONS = { etag: false, lastModified: false, acceptRanges: false };

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const files = builtFileNames(clientDir);
  // dist/client/index.html is the prerendered landing page once the build has prerendered it.
  const hasClient = files.has('index.html');
  const page = (relative: string): string | undefined => (hasClient && files.has(relative) ? relative : undefined);
  const shell = spaShellFile(files);

  if (hasClient) {
    // Every file at its path.
    await registerBuiltFiles(app, clientDir);
    // Each prerendered page at its path, from memory (plugins/pages.ts): dist/client/support/index.html
    // at `/support` and `/support/`, index.html at `/`. The route pattern is the path itself (the
    // request log shows it); hidden from the API documentation.
    // /enroll is prerendered as a new visitor's first step. With a query (?step=course-selection…,
    // ?success=true) the wizard shows another step, so that address gets the shell: the step it asks
    // for appears once the wizard renders, rather than step 1 first and then the step (decision 022).
    const shellPage = shell ? loadPage(clientDir, shell) : undefined;
    // The same pages rendered again with the settings in force, when the build wrote their frames.
    const live = await startLivePages(app, clientDir);
    const routes: Parameters<typeof registerPages>[1] = [];
    for (const relative of files) {
      if (relative !== 'index.html' && !relative.endsWith('/index.html')) continue;
      const folder = `/${relative.slice(0, -'index.html'.length)}`;
      const urls = folder === '/' ? ['/'] : [folder.slice(0, -1), folder];
      const prerendered = loadPage(clientDir, relative);
      const pathname = urls[0]!;
      const current =
        isPrerenderedPath(pathname) && live
          ? async () => (await live.page(pathname)) ?? prerendered
          : () => prerendered;
      for (const url of urls) {
        const withQuery = url === ROUTES.enrol && shellPage ? shellPage : undefined;
        routes.push({ url, pickPage: (request) => (withQuery && request.url.includes('?') ? withQuery : current()) });
      }
    }
    await registerPages(app, routes);
  }

  function pageFor(urlPath: string): { file: string | undefined; status: 200 | 404 } {
    const clean = path.posix.normalize(urlPath).replace(/\/+$/, '') || '/';
    const prerendered = page(path.posix.join(clean, 'index.html').replace(/^\//, ''));
    if (prerendered) return { file: prerendered, status: 200 };
    if (isAppRoute(clean)) return { file: shell, status: 200 };
    return { file: page(NOT_FOUND_FILE) ?? shell, status: 404 };
  }

  app.setNotFoundHandler((request, reply): FastifyReply => {
    const urlPath = new URL(request.url, 'http://localhost').pathname;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: messages.common.notFound });
    }
    // A file whose path the router did not match as written (percent-encoded).
    const named = page(safeDecode(urlPath).slice(1));
    if (named && !urlPath.endsWith('/')) return reply.sendFile(named);
    // A missing file (an old asset, a mistyped image) is a plain 404, never a page.
    if (/\.[a-z0-9]+$/i.test(urlPath)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(messages.common.notFound);
    }
    const { file, status } = pageFor(urlPath);
    if (!file) {
      return reply.code(503).type('text/plain').send('The site has not been built. Run `npm run build`.');
    }
    return status === 404 ? reply.code(404).sendFile(file, NOT_FOUND_SEND_OPTIONS) : reply.sendFile(file);
  });
}
