// engines: both
/**
 * The request log names what was asked for without copying an address that may hold personal data:
 * API routes by their pattern, known pages by their path, and anything else as `(unknown page)` or
 * `(unknown api route)` (src/server/plugins/request-log.ts).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('the request log and unknown paths', () => {
  let t: TestApp;
  let logs = '';
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));

  beforeAll(async () => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(clientDir, 'support'));
    writeFileSync(path.join(clientDir, 'support', 'index.html'), '<!doctype html><h1>Support</h1>');
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { clientDir, logger: true, logStream });
  });
  afterAll(() => t.close());

  async function routeLogged(method: 'GET' | 'POST' | 'HEAD', url: string) {
    const res = await t.app.inject({ method, url });
    const line = logs
      .split('\n')
      .filter((l) => l.includes(String(res.headers['x-request-id'])))
      .map((l) => JSON.parse(l) as { route: string; status: number });
    expect(line, url).toHaveLength(1);
    return { status: res.statusCode, route: line[0]!.route };
  }

  it('logs an unknown page as (unknown page), never its path', async () => {
    expect(await routeLogged('GET', '/leak2@example.org')).toEqual({ status: 404, route: '(unknown page)' });
    expect(await routeLogged('GET', '/people/leak3%40example.org?x=1')).toEqual({
      status: 404,
      route: '(unknown page)',
    });
    expect(await routeLogged('GET', '/assets/leak4@example.org.js')).toEqual({ status: 404, route: '(unknown page)' });
    expect(await routeLogged('POST', '/leak5@example.org')).toEqual({ status: 404, route: '(unknown page)' });
    expect(await routeLogged('GET', '/api/leak6@example.org')).toEqual({ status: 404, route: '(unknown api route)' });
    expect(logs).not.toMatch(/leak\d/);
  });

  it('keeps the path of known pages, prerendered or not', async () => {
    expect(await routeLogged('GET', '/admin/dashboard')).toEqual({ status: 200, route: '/admin/dashboard' });
    expect(await routeLogged('GET', '/support/')).toEqual({ status: 200, route: '/support/' });
    expect(await routeLogged('GET', '/support')).toEqual({ status: 200, route: '/support' });
    expect(await routeLogged('GET', '/student-dashboard?tab=progress')).toEqual({
      status: 200,
      route: '/student-dashboard',
    });
  });
});
