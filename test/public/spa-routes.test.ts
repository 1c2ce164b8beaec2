// engines: both
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_FILE, SPA_SHELL_FILE, VERIFY_FRAME_FILE, PAGE_FRAME_SLOTS } from '@shared/routes';
import { eq } from 'drizzle-orm';
import { certificates } from '@server/db/schema';
import { insertCertificate } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('serving the built site', () => {
  let t: TestApp;
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));

  beforeAll(async () => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing (prerendered)</h1>');
    writeFileSync(path.join(clientDir, SPA_SHELL_FILE), '<!doctype html><div id="root"></div><!-- spa shell -->');
    writeFileSync(path.join(clientDir, NOT_FOUND_FILE), '<!doctype html><h1>Page not found (prerendered)</h1>');
    mkdirSync(path.join(clientDir, 'support'));
    const support = '<!doctype html><h1>Support (prerendered)</h1>' + '<p>Contact us.</p>'.repeat(20);
    writeFileSync(path.join(clientDir, 'support', 'index.html'), support);
    // The compressed forms the build writes beside each page (scripts/prerender.ts).
    writeFileSync(path.join(clientDir, 'support', 'index.html.br'), brotliCompressSync(support));
    writeFileSync(path.join(clientDir, 'support', 'index.html.gz'), gzipSync(support));
    mkdirSync(path.join(clientDir, 'enroll'));
    writeFileSync(path.join(clientDir, 'enroll', 'index.html'), '<!doctype html><h1>Step 1 (prerendered)</h1>');
    t = await buildTestApp({}, { clientDir });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends the prerendered page of a public route', async () => {
    expect((await get('/')).body).toContain('Landing (prerendered)');
    const support = await get('/support/');
    expect(support.statusCode).toBe(200);
    expect(support.body).toContain('Support (prerendered)');
  });

  it('sends /enroll prerendered (a new visitor\'s first step), and the shell when a query asks for another step', async () => {
    expect((await get('/enroll')).body).toContain('Step 1 (prerendered)');
    for (const url of ['/enroll?step=course-selection&course=pro', '/enroll?success=true']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('spa shell');
    }
  });

  it('sends the SPA shell with 200 for the other routes of the app', async () => {
    for (const url of ['/enroll?step=course-selection&course=pro', '/admin/dashboard', '/verify/VBR-ABCDEFGHJK']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('spa shell');
    }
  });

  it('answers unknown pages with 404 and the not-found page, and missing files with a plain 404', async () => {
    const page = await get('/no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Page not found (prerendered)');

    const asset = await get('/assets/index-old.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('text/plain');
  });

  it('compresses pages for browsers that accept it', async () => {
    const res = await get('/support', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Support (prerendered)');
    expect((await get('/support', { 'accept-encoding': 'identity' })).body).toContain('Support (prerendered)');
  });

  it('honours q-values: an encoding refused with q=0 is never sent', async () => {
    const noBrotli = await get('/support', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    const nothing = await get('/support', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(nothing.headers['content-encoding']).toBeUndefined();
    expect(nothing.body).toContain('Support (prerendered)');
  });
});

describe('the certificate verification page', () => {
  let t: TestApp;
  // The build's layout: dist/client (the frame, the shell) beside dist/server (the renderer).
  const dist = mkdtempSync(path.join(tmpdir(), 'vbr-dist-'));
  const clientDir = path.join(dist, 'client');

  beforeAll(async () => {
    mkdirSync(clientDir);
    mkdirSync(path.join(dist, 'server'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing (prerendered)</h1>');
    writeFileSync(path.join(clientDir, SPA_SHELL_FILE), '<!doctype html><div id="root"></div><!-- spa shell -->');
    writeFileSync(
      path.join(clientDir, VERIFY_FRAME_FILE),
      `<!doctype html><head><style>${'p{}'.repeat(500)}</style>${PAGE_FRAME_SLOTS.head}</head>` +
        `<div id="root">${PAGE_FRAME_SLOTS.body}</div>`,
    );
    // A stand-in for the SSR build's renderer that shows what the server gave it ("$&" checks that
    // the page's text is inserted as it is).
    writeFileSync(
      path.join(dist, 'server', 'entry-server.js'),
      `export async function renderVerifyPage(id, answer) {
        if (id.includes('explode')) throw new Error('render failed');
        return {
          head: '<title>Verify certificate $&</title>',
          body: '<pre>' + JSON.stringify({ id, answer: answer === undefined ? 'none' : answer }) + '</pre>',
          // Like the real state, different at every render (its timestamps).
          state: answer === undefined ? '' : '<script type="application/json">' + Math.random() + '</script>',
        };
      }`,
    );
    t = await buildTestApp({}, { clientDir });
  });
  afterAll(() => t.close());

  let address = 0;
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = `198.51.100.${(address += 1)}`) =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });
  const given = (html: string) =>
    JSON.parse(/<pre>(.*)<\/pre>/.exec(html)![1]!) as { id: string; answer: unknown };

  it('arrives with the certificate looked up, in the frame, compressed and revalidated by its ETag', async () => {
    const { student, certificate } = await insertCertificate(t.db, { activated: true, idStatus: 'approved' });
    const url = `/verify/${certificate.certificateId.toLowerCase()}`;
    const res = await get(url, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toMatch(/^<!doctype html><head><style>(p\{\})+<\/style><title>Verify certificate \$&<\/title><script type="application\/json">[\d.]+<\/script><\/head><div id="root"><pre>/);
    expect(html).not.toContain('<!--page-');
    expect(given(html)).toEqual({
      id: certificate.certificateId.toLowerCase(),
      answer: {
        certificate_id: certificate.certificateId,
        valid: true,
        status: 'valid',
        holder_name: `${student.firstName} ${student.lastName}`,
        course_title: 'Foundation Course',
        completion_date: certificate.completionDate,
        issued_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        id_verified: true,
        revoked_on: null,
      },
    });
    // The same result gives the same ETag, whatever the state's timestamps.
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(given(plain.body).answer).toMatchObject({ certificate_id: certificate.certificateId });
  });

  it('gives a new page, not a 304, once the result has changed (a certificate activated)', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: false });
    const url = `/verify/${certificate.certificateId}`;
    const pending = await get(url);
    expect(given(pending.body).answer).toMatchObject({ valid: false, status: 'pending' });
    await t.db
      .update(certificates)
      .set({ activatedAt: new Date() })
      .where(eq(certificates.certificateId, certificate.certificateId));
    const active = await get(url, { 'if-none-match': String(pending.headers.etag) });
    expect(active.statusCode).toBe(200);
    expect(given(active.body).answer).toMatchObject({ valid: true, status: 'valid' });
  });

  it('answers "no certificate" for an unknown id and for one that cannot be an id', async () => {
    expect(given((await get('/verify/VBR-ZZZZZZZZZZ')).body)).toEqual({ id: 'VBR-ZZZZZZZZZZ', answer: null });
    const odd = await get(`/verify/${encodeURIComponent('<img src=x>')}`);
    expect(odd.statusCode).toBe(200);
    expect(given(odd.body)).toEqual({ id: '<img src=x>', answer: null });
  });

  it('makes at most 30 pages a minute for one address, malformed ids included; past that it sends the shell', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: true });
    const from = '192.0.2.77';
    for (let i = 0; i < 25; i++) {
      const res = await get(`/verify/${certificate.certificateId}`, {}, from);
      expect(given(res.body).answer, `page ${i + 1}`).toMatchObject({ valid: true });
    }
    for (let i = 0; i < 5; i++) expect(given((await get(`/verify/junk${i}`, {}, from)).body).answer).toBeNull();
    for (const id of [certificate.certificateId, 'junk']) {
      const throttled = await get(`/verify/${id}`, {}, from);
      expect(throttled.statusCode).toBe(200);
      expect(throttled.body).toContain('spa shell');
    }
    // Another address is not held back.
    expect(given((await get(`/verify/${certificate.certificateId}`)).body).answer).toMatchObject({ valid: true });
  });

  it('never makes more than 30 pages for one address, however many arrive at the same moment', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: true });
    const from = '192.0.2.99';
    const pages = await Promise.all(
      Array.from({ length: 60 }, () => get(`/verify/${certificate.certificateId}`, {}, from)),
    );
    expect(pages.every((page) => page.statusCode === 200)).toBe(true);
    const made = pages.filter((page) => page.body.includes('<pre>'));
    const shells = pages.filter((page) => page.body.includes('spa shell'));
    // The rate limiter's in-memory count is read after every increment of the burst has run, so a
    // burst past the limit may get the shell throughout: fewer pages made, never more.
    expect(made.length).toBeLessThanOrEqual(30);
    expect(made.length + shells.length).toBe(60);
    for (const page of made) expect(given(page.body).answer).toMatchObject({ valid: true });
  });

  it('when the lookup fails (the database away) the page still comes, and asks the API itself', async () => {
    const { certificate } = await insertCertificate(t.db, { activated: true });
    const select = t.db.select;
    t.db.select = () => {
      throw new Error('Connection terminated unexpectedly');
    };
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/verify/${certificate.certificateId}`,
        remoteAddress: '198.51.100.250',
      });
      expect(res.statusCode).toBe(200);
      expect(given(res.body)).toEqual({ id: certificate.certificateId, answer: 'none' });
    } finally {
      t.db.select = select;
    }
  });

  it('sends the SPA shell when the page cannot be rendered', async () => {
    const res = await get('/verify/explode');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('spa shell');
  });

  it('compresses that page alone: the API answers are sent as they are', async () => {
    const page = await get('/verify/VBR-ZZZZZZZZZZ', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    const api = await get('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(api.statusCode).toBe(200);
    expect(api.rawPayload.length).toBeGreaterThan(1024);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(api.body)).toHaveProperty('paths');
  });

  it('leaves the other pages to the shell and the not-found page', async () => {
    expect((await get('/verify')).statusCode).toBe(404);
    expect((await get('/verify/a/b')).statusCode).toBe(404);
  });
});
