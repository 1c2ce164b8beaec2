// engines: once
/**
 * The built client served from memory (src/server/plugins/built-files.ts): bodies equal the files,
 * precompressed or compressed-at-start forms, strong ETags per form, 304 on If-None-Match, Vary,
 * Cache-Control for hashed assets and pages, byte ranges for uncompressed media, and the headers every
 * response carries (CSP, HSTS, request id). Each test runs twice: through Fastify (`inject`) and over
 * real HTTP, where the fast path (plugins/static-fast-path.ts) answers the files before Fastify.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_SHELL_FILE } from '@shared/routes';
import { buildTestApp, type TestApp } from '../helpers/app';
import { listenOnLoopback, rawRequest } from '../helpers/raw-http';

describe.each([
  { transport: 'through Fastify (inject)', overHttp: false },
  { transport: 'over HTTP (the fast path)', overHttp: true },
])('built files from memory, $transport', ({ overHttp }) => {
  let t: TestApp;
  let port = 0;
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-built-'));
  const file = (relative: string) => readFileSync(path.join(clientDir, relative));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const landing = `<!doctype html><h1>Landing</h1>${'<p>copy</p>'.repeat(200)}`;
  const video = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, 'assets'));
    mkdirSync(path.join(clientDir, 'media'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(path.join(clientDir, 'index.html'), landing);
    // The build's precompressed forms (scripts/prerender.ts) are sent as they are.
    writeFileSync(path.join(clientDir, 'index.html.br'), brotliCompressSync(landing));
    writeFileSync(path.join(clientDir, 'index.html.gz'), gzipSync(landing));
    writeFileSync(path.join(clientDir, SPA_SHELL_FILE), '<!doctype html><div id="root"></div>');
    // No .br/.gz beside this one: compressed once, at start.
    writeFileSync(path.join(clientDir, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(clientDir, 'media', 'loop.webm'), video);
    writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{}');
    t = await buildTestApp({}, { clientDir });
    if (overHttp) port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) =>
    overHttp ? rawRequest(port, method, url, headers) : t.app.inject({ method, url, headers });
  const get = (url: string, headers: Record<string, string> = {}) => request('GET', url, headers);

  it('sends a hashed asset as the file, cached for a year, in the form the browser accepts', async () => {
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(file('assets/index-AbC123.js'))).toBe(true);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(file('assets/index-AbC123.js'))).toBe(true);
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(file('assets/index-AbC123.js'))).toBe(true);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);

    // One strong ETag per form.
    const tags = [plain, br, gz].map((r) => String(r.headers.etag));
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]{20,}"$/);
    expect(new Set(tags).size).toBe(3);
  });

  it('answers If-None-Match with 304 and no body, and a stale or other form’s ETag with the file', async () => {
    const first = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toBe('accept-encoding');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A list, and the weak form of the same tag, match too.
    const listed = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': `"x", W/${etag}` });
    expect(listed.statusCode).toBe(304);

    const stale = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br', 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    const otherForm = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherForm.statusCode).toBe(200);
    expect(gunzipSync(otherForm.rawPayload).equals(file('assets/index-AbC123.js'))).toBe(true);
  });

  it('sends prerendered pages with no-cache, their precompressed forms, and 304 when unchanged', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('accept-encoding');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.rawPayload.equals(file('index.html.br'))).toBe(true);
    expect((await get('/')).rawPayload.equals(file('index.html'))).toBe(true);

    const revalidated = await get('/', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(page.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the security headers, the request id and HEAD on files', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const head = await request('HEAD', '/assets/index-AbC123.js');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('sends media uncompressed, whole or by byte range', async () => {
    const whole = await get('/media/loop.webm', { 'accept-encoding': 'gzip, br' });
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers.vary).toBeUndefined();
    expect(whole.headers['cache-control']).toBe('no-cache');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await get('/media/loop.webm', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await get('/media/loop.webm', { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);
    const beyond = await get('/media/loop.webm', { range: `bytes=${video.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('serves no dotfiles (the Vite manifest) and answers a missing asset with a plain 404', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    const missing = await get('/assets/index-gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/plain');
  });
});
