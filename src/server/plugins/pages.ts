/**
 * The prerendered pages (`/`, `/support`, `/enroll`…) kept in memory and sent through the app's own
 * route pipeline (hooks, security headers, request log), instead of a stat, an open and a stream per
 * request through @fastify/static (docs/perf/serving.md): the build's files, read once when the
 * process starts, and the same pages rendered again with the settings in force (live-pages.ts).
 *
 * Each page is kept in the forms the build wrote (brotli, gzip, plain); Accept-Encoding picks one
 * (q-values counted, @fastify/accept-negotiator); each form's strong ETag is a hash of its bytes, made
 * once; @fastify/etag, registered for these routes alone, answers If-None-Match with 304. Cache-Control
 * `no-cache` (revalidated each visit), as for every page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

interface Form {
  body: Buffer;
  etag: string;
}

/** A page in every form the build wrote for it. */
export type InMemoryPage = Map<Encoding, Form>;

/** Preferred first: brotli is the smaller. */
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
const FILE_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };
const negotiator = new Negotiator<Encoding>({ supportedValues: ENCODINGS });

const strongTag = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * A page rendered in this process, in the three forms, compressed as the build compresses its files
 * (off the event loop, on libuv's thread pool).
 */
export async function pageFromHtml(html: string): Promise<InMemoryPage> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  return new Map<Encoding, Form>([
    ['br', { body: br, etag: strongTag(br) }],
    ['gzip', { body: gz, etag: strongTag(gz) }],
    ['identity', { body, etag: strongTag(body) }],
  ]);
}

/** Reads `relative` (under clientDir) and its .br/.gz forms. */
export function loadPage(clientDir: string, relative: string): InMemoryPage {
  const page: InMemoryPage = new Map();
  for (const encoding of ENCODINGS) {
    const file = path.join(clientDir, relative + FILE_SUFFIX[encoding]);
    if (!existsSync(file)) continue;
    const body = readFileSync(file);
    page.set(encoding, { body, etag: strongTag(body) });
  }
  return page;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: InMemoryPage): FastifyReply {
  const accepted = negotiator.negotiate(request.headers['accept-encoding'] ?? '') ?? 'identity';
  const encoding = page.has(accepted) ? accepted : 'identity';
  const form = page.get(encoding)!;
  reply.headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    etag: form.etag,
  });
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(form.body);
}

/**
 * A GET (and HEAD) route per path, each sending its page from memory; `pickPage` chooses by request
 * (the wizard's address with a query gets the SPA shell).
 */
export async function registerPages(
  app: FastifyInstance,
  routes: Array<{ url: string; pickPage: (request: FastifyRequest) => InMemoryPage | Promise<InMemoryPage> }>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(etag);
    for (const { url, pickPage } of routes) {
      scope.get(url, { schema: { hide: true } }, async (request, reply) =>
        sendPage(request, reply, await pickPage(request)),
      );
    }
  });
}
