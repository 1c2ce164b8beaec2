// engines: both
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('the app shell', () => {
  let t: TestApp;
  let logs = '';
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));

  beforeAll(async () => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div><!-- spa shell -->');
    mkdirSync(path.join(clientDir, 'support'));
    writeFileSync(path.join(clientDir, 'support', 'index.html'), '<!doctype html><h1>Support (prerendered)</h1>');
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { clientDir, logger: true, logStream });
    // Routes that exist only in this test, to drive the error handler.
    t.app.post('/api/test/boom', async () => {
      throw new Error('secret internal failure: select * from students');
    });
    t.app.post(
      '/api/test/validate',
      { schema: { body: z.object({ name: z.string().min(1, 'Please fill in all required fields') }) } },
      async () => ({ ok: true }),
    );
  });
  afterAll(() => t.close());

  it('reports health when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/students/x/y/z'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('serves the SPA shell for deep links and prerendered HTML where it exists', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/admin/dashboard' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('spa shell');

    const support = await t.app.inject({ method: 'GET', url: '/support?tab=faq' });
    expect(support.body).toContain('Support (prerendered)');

    const traversal = await t.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });

  it('turns validation errors into a 400 with a readable detail', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/validate', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please fill in all required fields' });
  });

  it('hides internal errors behind a generic 500 and logs them with the request id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { authorization: 'Bearer very-secret-token' },
      payload: { source_id: 'cnon:card-nonce-ok', password: 'hunter2hunter2' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('select');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const errorLine = logs.split('\n').find((line) => line.includes('secret internal failure'));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain(String(requestId));
    expect(logs).not.toContain('very-secret-token');
    expect(logs).not.toContain('card-nonce-ok');
    expect(logs).not.toContain('hunter2');
  });

  it('logs one line per request, with the route pattern instead of a URL holding an email', async () => {
    const email = 'private.person@example.com';
    const res = await t.app.inject({ method: 'GET', url: `/api/students/${encodeURIComponent(email)}/id-status` });
    expect(res.statusCode).toBe(401);
    const lines = logs
      .split('\n')
      .filter((line) => line.includes(String(res.headers['x-request-id'])))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/students/:email/id-status',
      status: 401,
    });
    expect(logs).not.toContain('private.person');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('is ready while the database answers, and not while the server drains', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok' });
    t.app.lifecycle.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    t.app.lifecycle.draining = false;
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'unavailable', detail: 'The server is shutting down' });
  });

  it('while draining, answers GET and HEAD 503 (a proxy passes them on) and serves other requests', async () => {
    t.app.lifecycle.draining = true;
    try {
      const get = await t.app.inject({ method: 'GET', url: '/api/course-dates' });
      const page = await t.app.inject({ method: 'HEAD', url: '/support' });
      const post = await t.app.inject({ method: 'POST', url: '/api/students', payload: {} });
      expect(get.statusCode).toBe(503);
      expect(get.json()).toEqual({ detail: 'The server is shutting down' });
      expect(get.headers['retry-after']).toBe('1');
      expect(get.headers.connection).toBe('close');
      expect(page.statusCode).toBe(503);
      // Served: the validation error comes from the route itself.
      expect(post.statusCode).toBe(400);
      expect(post.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/course-dates' })).statusCode).toBe(200);
  });

  it('stays live but not ready when the database stops answering', async () => {
    await t.app.database.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', detail: 'The database is not answering' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
