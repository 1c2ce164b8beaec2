/**
 * The built client (dist/client) served by @fastify/static (docs/decisions/029): a route per file,
 * made at start, and `reply.sendFile` for the pages spa.ts picks. The library chooses the form from
 * Accept-Encoding (the .br/.gz the build wrote beside each text file, `Vary: accept-encoding`),
 * answers If-None-Match / If-Modified-Since with 304 and Range with 206. What is ours is the policy:
 *   - Cache-Control: hashed assets (/assets/…) `public, max-age=31536000, immutable`, every other file
 *     `no-cache` (revalidated each time).
 *   - The ETag without @fastify/send's `W/`: its tag is the file's size and modification time, and
 *     each compressed form is a file of its own, so the tag changes whenever the bytes sent do (the
 *     strong tag nginx makes from the same two values). A client sends back the tag it was given;
 *     @fastify/send matches `"x"` against its own `W/"x"` (weak comparison, as If-None-Match uses).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SPA_SHELL_FILE } from '@shared/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The compressed forms the build writes beside a file (scripts/prerender.ts): never routes of their own. */
const COMPRESSED_FORMS = ['**/*.br', '**/*.gz'];

/**
 * The files under clientDir (relative, forward slashes) that are served: dotfiles and dot-folders
 * (Vite's manifest, the verification page's frame) and the compressed forms are not.
 */
export function builtFileNames(clientDir: string): Set<string> {
  const names = new Set<string>();
  let entries;
  try {
    entries = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  } catch {
    return names;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.')) || /\.(br|gz)$/.test(relative)) continue;
    names.add(relative);
  }
  return names;
}

/**
 * The page that boots the SPA for any app route: the build's shell, or the landing page before the
 * prerender wrote one; undefined before a build.
 */
export function spaShellFile(files: Set<string>): string | undefined {
  if (!files.has('index.html')) return undefined;
  return files.has(SPA_SHELL_FILE) ? SPA_SHELL_FILE : 'index.html';
}

/** Registers a GET/HEAD route per built file (not per folder) and `reply.sendFile` (relative to clientDir). */
export async function registerBuiltFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const root = path.resolve(clientDir);
  await app.register(fastifyStatic, {
    root,
    // One route per file found now (the build is done before start): a static route each, no
    // wildcard lookup on disk for the paths that are not files (spa.ts answers those).
    wildcard: false,
    globIgnore: COMPRESSED_FORMS,
    // No folder routes (`/`, `/support/`): spa.ts routes each page to its index.html, which spares
    // the library a lookup of the index file on disk for every request.
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, file: string) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      const etag = reply.getHeader('etag');
      if (typeof etag === 'string' && etag.startsWith('W/')) reply.header('etag', etag.slice(2));
    },
  });
}
