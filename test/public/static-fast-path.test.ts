// engines: once
/**
 * Built files answered before Fastify (src/server/plugins/static-fast-path.ts): over HTTP, a GET or
 * HEAD of a built file gets exactly what Fastify sends for it (status, headers in the same order, body
 * and log line), without Fastify; anything else, and everything while the process drains, still goes
 * to Fastify.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_SHELL_FILE } from '@shared/routes';
import { buildTestApp, type TestApp } from '../helpers/app';
import { listenOnLoopback, rawRequest, type RawResponse } from '../helpers/raw-http';

/** Headers that differ between any two responses (or that only a real connection has). */
const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);

describe('built files answered before Fastify', () => {
  let t: TestApp;
  let port = 0;
  const lines: Record<string, unknown>[] = [];
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-fast-path-'));
  const landing = `<!doctype html><h1>Landing</h1>${'<p>copy</p>'.repeat(200)}`;

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, 'assets'));
    mkdirSync(path.join(clientDir, 'media'));
    mkdirSync(path.join(clientDir, 'support'));
    mkdirSync(path.join(clientDir, 'enroll'));
    writeFileSync(path.join(clientDir, 'index.html'), landing);
    writeFileSync(path.join(clientDir, 'index.html.br'), brotliCompressSync(landing));
    writeFileSync(path.join(clientDir, 'index.html.gz'), gzipSync(landing));
    writeFileSync(path.join(clientDir, 'support', 'index.html'), `<!doctype html><h1>Support</h1>${'<p>faq</p>'.repeat(100)}`);
    writeFileSync(path.join(clientDir, 'enroll', 'index.html'), `<!doctype html><h1>Step 1</h1>${'<p>x</p>'.repeat(100)}`);
    writeFileSync(path.join(clientDir, SPA_SHELL_FILE), `<!doctype html><div id="root"></div>${' '.repeat(300)}`);
    writeFileSync(path.join(clientDir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);
    writeFileSync(path.join(clientDir, 'media', 'loop.webm'), Buffer.alloc(3000, 7));
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { clientDir, logger: true, logStream });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  /** The request through Fastify (inject) and over HTTP; the count of requests the fast path answered. */
  async function both(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) {
    const viaFastify = await t.app.inject({ method, url, headers });
    const before = t.app.staticFiles.answered;
    const overHttp = await rawRequest(port, method, url, headers);
    return { viaFastify, overHttp, fastPath: t.app.staticFiles.answered - before };
  }

  const comparable = (names: string[], headers: RawResponse['headers']) =>
    names.filter((name) => !PER_RESPONSE.has(name)).map((name) => [name, headers[name]]);

  it('sends what Fastify sends for every file, form, method and revalidation', async () => {
    const etagOf = async (url: string, encoding: string) =>
      String((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } })).headers.etag);
    const cases: [method: 'GET' | 'HEAD', url: string, headers: Record<string, string>][] = [];
    for (const url of ['/', '/index.html', '/support', '/enroll', '/enroll?step=payment', '/?utm_source=ad', '/assets/index-AbC123.js', '/media/loop.webm', `/${SPA_SHELL_FILE}`]) {
      for (const encoding of ['', 'gzip', 'gzip, deflate, br', 'br;q=0, gzip', 'identity']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        cases.push(['GET', url, headers], ['HEAD', url, headers]);
        cases.push(['GET', url, { ...headers, 'if-none-match': await etagOf(url, encoding) }]);
        cases.push(['GET', url, { ...headers, 'if-none-match': '"stale"' }]);
      }
    }
    let answered = 0;
    for (const [method, url, headers] of cases) {
      const { viaFastify, overHttp, fastPath } = await both(method, url, headers);
      const label = `${method} ${url} ${JSON.stringify(headers)}`;
      answered += fastPath;
      expect(overHttp.statusCode, label).toBe(viaFastify.statusCode);
      expect(overHttp.rawPayload.equals(viaFastify.rawPayload), label).toBe(true);
      // The same headers with the same values, in the same order.
      expect(comparable(overHttp.headerNames, overHttp.headers), label).toEqual(
        comparable(Object.keys(viaFastify.headers), viaFastify.headers as RawResponse['headers']),
      );
      expect(overHttp.headers['x-request-id'], label).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(overHttp.headers['x-request-id']).not.toBe(viaFastify.headers['x-request-id']);
    }
    // Every one of them was answered by the fast path, not by Fastify.
    expect(answered).toBe(cases.length);
    expect(cases.filter(([, , h]) => h['if-none-match'] && !h['if-none-match'].includes('stale')).length).toBeGreaterThan(0);
  });

  it('writes the same log line as Fastify, with its own request id', async () => {
    lines.length = 0;
    const { viaFastify, overHttp } = await both('GET', '/support?x=1', { 'accept-encoding': 'br' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(2);
    const [fromFastify, fromFastPath] = requestLines as [Record<string, unknown>, Record<string, unknown>];
    expect(fromFastify.reqId).toBe(viaFastify.headers['x-request-id']);
    expect(fromFastPath.reqId).toBe(overHttp.headers['x-request-id']);
    const fields = (line: Record<string, unknown>) => Object.keys(line);
    expect(fields(fromFastPath)).toEqual(fields(fromFastify));
    const { reqId: _a, time: _b, ms: _c, ...rest } = fromFastPath;
    const { reqId: _d, time: _e, ms: _f, ...expected } = fromFastify;
    expect(rest).toEqual(expected);
    expect(rest).toMatchObject({ level: 30, method: 'GET', route: '/support', status: 200 });
    expect(typeof fromFastPath.ms).toBe('number');
  });

  it('leaves to Fastify what is not a plain GET or HEAD of a file at its exact path', async () => {
    const before = t.app.staticFiles.answered;
    const range = await rawRequest(port, 'GET', '/media/loop.webm', { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(10);
    const slash = await rawRequest(port, 'GET', '/support/');
    expect(slash.statusCode).toBe(200);
    expect(slash.rawPayload.toString()).toContain('<h1>Support</h1>');
    const encoded = await rawRequest(port, 'GET', '/assets/index-AbC12%33.js');
    expect(encoded.statusCode).toBe(200);
    expect((await rawRequest(port, 'POST', '/')).statusCode).toBe(404);
    expect((await rawRequest(port, 'GET', '/api/course-dates')).statusCode).toBe(200);
    expect((await rawRequest(port, 'GET', '/no-such-page')).statusCode).toBe(404);
    expect(t.app.staticFiles.answered).toBe(before);
  });

  it('while the process drains, sends every request to Fastify, which answers GET with 503', async () => {
    const before = t.app.staticFiles.answered;
    t.app.lifecycle.draining = true;
    try {
      const res = await rawRequest(port, 'GET', '/');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect(t.app.staticFiles.answered).toBe(before);
    expect((await rawRequest(port, 'GET', '/')).statusCode).toBe(200);
    expect(t.app.staticFiles.answered).toBe(before + 1);
  });
});
