import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_FILE, SPA_SHELL_FILE, VERIFY_TEMPLATE_FILE, VERIFY_TEMPLATE_ID } from '@shared/routes';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('serving the built site', () => {
  let t: TestApp;
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));

  beforeAll(async () => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing (prerendered)</h1>');
    writeFileSync(path.join(clientDir, SPA_SHELL_FILE), '<!doctype html><div id="root"></div><!-- spa shell -->');
    writeFileSync(path.join(clientDir, NOT_FOUND_FILE), '<!doctype html><h1>Page not found (prerendered)</h1>');
    mkdirSync(path.join(clientDir, 'support'));
    writeFileSync(path.join(clientDir, 'support', 'index.html'), '<!doctype html><h1>Support (prerendered)</h1>' + '<p>Contact us.</p>'.repeat(20));
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
  const clientDir = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));

  beforeAll(async () => {
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing (prerendered)</h1>');
    writeFileSync(
      path.join(clientDir, VERIFY_TEMPLATE_FILE),
      `<!doctype html><head><title>Verify certificate ${VERIFY_TEMPLATE_ID}</title></head>` +
        `<p>Certificate ID <span>${VERIFY_TEMPLATE_ID}</span></p><p>Checking the certificate…</p>`,
    );
    t = await buildTestApp({}, { clientDir });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('arrives with the id of the address, as the page shows it (trimmed, upper case)', async () => {
    const res = await get('/verify/vbr-abcdefghjk', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<title>Verify certificate VBR-ABCDEFGHJK</title>');
    expect(html).toContain('<span>VBR-ABCDEFGHJK</span>');
    expect(html).not.toContain(VERIFY_TEMPLATE_ID);
    // The answer the page will ask for is preloaded with its scripts.
    expect(html).toContain('<head>\n    <link rel="preload" href="/api/certificates/VBR-ABCDEFGHJK" as="fetch" crossorigin>');
    // Revalidated by its ETag.
    const again = await get('/verify/VBR-ABCDEFGHJK', { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('escapes what the address holds: markup in the id is text', async () => {
    const res = await get(`/verify/${encodeURIComponent('<img src=x onerror=alert(1)>"&\'')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<IMG');
    expect(res.body).toContain('<span>&#60;IMG SRC=X ONERROR=ALERT(1)&#62;&#34;&#38;&#39;</span>');
    // No preload for an id that cannot be one.
    expect(res.body).not.toContain('rel="preload" href="/api/');
  });

  it('leaves the other pages to the shell and the not-found page', async () => {
    expect((await get('/verify')).statusCode).toBe(404);
    expect((await get('/verify/a/b')).statusCode).toBe(404);
  });
});
