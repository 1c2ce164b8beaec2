// engines: once
/**
 * The built client served through @fastify/static (src/server/plugins/built-files.ts, spa.ts): what a
 * user agent needs from `/`, a hashed asset, the not-found page and a media file: the compressed form
 * it accepts (the .br/.gz the build wrote), Vary, Cache-Control, a strong ETag and 304, byte ranges,
 * and the headers every answer carries (CSP, nosniff, request id). Each case runs through Fastify's
 * `inject` and over real HTTP (`fetch` to the app listening on loopback), where the drain 503 and
 * the request log line are checked too: built files pass through Fastify's hooks like any route.
 */
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_FILE, SPA_SHELL_FILE } from '@shared/routes';
import { buildTestApp, type TestApp } from '../helpers/app';

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body as the user agent reads it (decompressed). */
  body: Buffer;
  /** The bytes on the wire, through inject only (fetch decompresses). */
  wire?: Buffer;
}

const ACCEPT_ALL = 'gzip, deflate, br';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A strong entity tag: quoted, no `W/`. */
const STRONG_ETAG = /^"[^"]+"$/;

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (body.length === 0) return body;
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

describe.each([
  { transport: 'through Fastify (inject)', overHttp: false },
  { transport: 'over HTTP (fetch)', overHttp: true },
])('built files, $transport', ({ overHttp }) => {
  let t: TestApp;
  let origin = '';
  const logLines: Record<string, unknown>[] = [];
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-built-'));
  const file = (relative: string) => readFileSync(path.join(clientDir, relative));
  const landing = `<!doctype html><h1>Landing</h1>${'<p>copy</p>'.repeat(200)}`;
  const notFound = `<!doctype html><h1>Page not found</h1>${'<p>try the home page</p>'.repeat(100)}`;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const video = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

  /** A text file and the .br/.gz forms the build writes beside it (scripts/prerender.ts). */
  function writeBuilt(relative: string, content: string) {
    const full = path.join(clientDir, relative);
    writeFileSync(full, content);
    writeFileSync(`${full}.br`, brotliCompressSync(content));
    writeFileSync(`${full}.gz`, gzipSync(content));
  }

  beforeAll(async () => {
    for (const dir of ['assets', 'media', '.vite']) mkdirSync(path.join(clientDir, dir));
    writeBuilt('index.html', landing);
    writeBuilt(NOT_FOUND_FILE, notFound);
    writeBuilt(SPA_SHELL_FILE, '<!doctype html><div id="root"></div>');
    writeBuilt('assets/index-AbC123.js', script);
    writeFileSync(path.join(clientDir, 'media', 'loop.webm'), video);
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{}');
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { clientDir, logger: true, logStream });
    if (overHttp) origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function request(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
    if (overHttp) {
      // A conditional request through fetch gets `Cache-Control: no-cache` added (the Fetch standard's
      // cache mode), which asks for the whole answer as a browser's hard reload does; a browser's
      // ordinary revalidation sends none, or `max-age=0`.
      const conditional = 'if-none-match' in headers || 'if-modified-since' in headers;
      const sent = conditional ? { 'cache-control': 'max-age=0', ...headers } : headers;
      const res = await fetch(origin + url, { method, headers: sent });
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: Buffer.from(await res.arrayBuffer()),
      };
    }
    const res = await t.app.inject({ method, url, headers });
    const flat = Object.fromEntries(Object.entries(res.headers).map(([name, value]) => [name, String(value)]));
    return {
      status: res.statusCode,
      headers: flat,
      body: decoded(res.rawPayload, flat['content-encoding']),
      wire: res.rawPayload,
    };
  }
  const get = (url: string, headers: Record<string, string> = {}) => request('GET', url, headers);

  /** The headers every answer carries, from the app's onRequest hooks. */
  function expectCommonHeaders(res: Answer) {
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(UUID);
  }

  it('sends / in the form the user agent accepts, from the files the build wrote, with no-cache and a strong ETag', async () => {
    const br = await get('/', { 'accept-encoding': ACCEPT_ALL });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    const plain = await get('/', { 'accept-encoding': 'identity' });
    // q-values count: brotli refused with q=0 is never sent.
    const noBrotli = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect([br, gzip, plain, noBrotli].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
      'gzip',
    ]);
    if (!overHttp) {
      expect(br.wire!.equals(file('index.html.br'))).toBe(true);
      expect(gzip.wire!.equals(file('index.html.gz'))).toBe(true);
    }
    for (const res of [br, gzip, plain]) {
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe(landing);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers.etag).toMatch(STRONG_ETAG);
      expectCommonHeaders(res);
    }
    // Each form has its own tag.
    expect(new Set([br, gzip, plain].map((r) => r.headers.etag)).size).toBe(3);
    const head = await request('HEAD', '/', { 'accept-encoding': ACCEPT_ALL });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(br.headers.etag);
  });

  it('answers If-None-Match with the current tag with 304 and no body, and a stale tag with the page', async () => {
    const first = await get('/', { 'accept-encoding': ACCEPT_ALL });
    const etag = first.headers.etag!;
    const again = await get('/', { 'accept-encoding': ACCEPT_ALL, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toBe('accept-encoding');
    expectCommonHeaders(again);
    // The weak form of the same tag matches too (If-None-Match compares weakly).
    expect((await get('/', { 'accept-encoding': ACCEPT_ALL, 'if-none-match': `W/${etag}` })).status).toBe(304);
    const stale = await get('/', { 'accept-encoding': ACCEPT_ALL, 'if-none-match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(landing);
  });

  it('sends a hashed asset compressed, cached for a year as immutable, with a strong ETag and 304', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': ACCEPT_ALL });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.toString()).toBe(script);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers.etag).toMatch(STRONG_ETAG);
    expectCommonHeaders(res);
    const gzip = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.toString()).toBe(script);

    const again = await get('/assets/index-AbC123.js', { 'accept-encoding': ACCEPT_ALL, 'if-none-match': res.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const head = await request('HEAD', '/assets/index-AbC123.js', { 'accept-encoding': ACCEPT_ALL });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('sends the not-found page with 404, compressed, no-cache, and never as a 304', async () => {
    const res = await get('/no-such-page', { 'accept-encoding': ACCEPT_ALL });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.toString()).toBe(notFound);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('accept-encoding');
    expectCommonHeaders(res);
    // Conditional requests apply to 2xx answers only: a 404 carries no validator, and neither a
    // tag nor a date makes it a 304 without its page; nor does a Range make it a part of the page.
    expect(res.headers.etag).toBeUndefined();
    const ofLanding = (await get('/', { 'accept-encoding': ACCEPT_ALL })).headers.etag!;
    const conditionals: Record<string, string>[] = [
      { 'if-none-match': ofLanding },
      { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
      { range: 'bytes=0-9' },
    ];
    for (const conditional of conditionals) {
      const again = await get('/no-such-page', { 'accept-encoding': ACCEPT_ALL, ...conditional });
      expect(again.status, JSON.stringify(conditional)).toBe(404);
      expect(again.body.toString(), JSON.stringify(conditional)).toBe(notFound);
    }
  });

  it('sends media uncompressed, whole or by byte range', async () => {
    const whole = await get('/media/loop.webm', { 'accept-encoding': ACCEPT_ALL });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['cache-control']).toBe('no-cache');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(video)).toBe(true);

    const part = await get('/media/loop.webm', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.body.equals(video.subarray(100, 200))).toBe(true);
    expect((await get('/media/loop.webm', { range: 'bytes=-10' })).body.equals(video.subarray(-10))).toBe(true);
    // A range still valid for the file the client has (If-Range with its date) is sent as a range.
    const lastModified = statSync(path.join(clientDir, 'media', 'loop.webm')).mtime.toUTCString();
    const resumed = await get('/media/loop.webm', { range: 'bytes=100-199', 'if-range': lastModified });
    expect(resumed.status).toBe(206);
    const beyond = await get('/media/loop.webm', { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('serves no dotfiles and no compressed form at its own path, and answers a missing asset with a plain 404', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
    for (const url of ['/index.html.br', '/assets/index-AbC123.js.gz', '/assets/index-gone.js']) {
      const missing = await get(url);
      expect(missing.status, url).toBe(404);
      expect(missing.headers['content-type'], url).toBe('text/plain; charset=utf-8');
    }
  });

  it('goes through the app’s hooks: one log line per file and per page, and 503 while the process drains', async () => {
    const res = await get('/assets/index-AbC123.js');
    await expect.poll(() => logLines.find((line) => line.reqId === res.headers['x-request-id'])).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/assets/index-AbC123.js',
      status: 200,
    });
    // A page is sent from memory (plugins/pages.ts), through the same route pipeline.
    const page = await get('/');
    await expect.poll(() => logLines.find((line) => line.reqId === page.headers['x-request-id'])).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/',
      status: 200,
    });
    t.app.lifecycle.draining = true;
    try {
      const drained = await get('/');
      expect(drained.status).toBe(503);
      expect(drained.headers['retry-after']).toBe('1');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
