// engines: both
/**
 * The public pages rendered again with the settings in force (src/server/plugins/live-pages.ts): the
 * support page arrives with the support e-mail an owner saved, within PAGES_CHECK_MS of the save and
 * without a restart; between saves every request gets the same render (one render per change); a
 * render that fails leaves the last good page (here the build's) in place. The SSR build is stood in
 * for by a renderer that prints what it was given; e2e/live-pages.spec.ts runs the real one.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_FRAME_SLOTS, pageFrameFile, SPA_SHELL_FILE } from '@shared/routes';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

const dist = mkdtempSync(path.join(tmpdir(), 'vbr-dist-'));
const clientDir = path.join(dist, 'client');
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'support'), { recursive: true });
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><h1>Landing (prerendered)</h1>');
  writeFileSync(path.join(clientDir, SPA_SHELL_FILE), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'support', 'index.html'), '<!doctype html><h1>Support (built)</h1>');
  mkdirSync(path.join(clientDir, '.frames'));
  writeFileSync(
    path.join(clientDir, pageFrameFile('/support')),
    `<!doctype html><head>${PAGE_FRAME_SLOTS.head}</head><div id="root">${PAGE_FRAME_SLOTS.body}</div>`,
  );
  // Prints the support e-mail of the answer it was given and counts its renders; "explode@" fails.
  writeFileSync(
    path.join(dist, 'server', 'entry-server.js'),
    `import { writeFileSync } from 'node:fs';
    let renders = 0;
    export async function renderWithState(pathname, seeds) {
      const [[key, config]] = seeds;
      if (config.support.email.startsWith('explode@')) {
        writeFileSync(new URL('./render-failed', import.meta.url), '');
        throw new Error('render failed');
      }
      renders += 1;
      return {
        head: '<title>' + pathname + '</title>',
        body: '<p>Write to ' + config.support.email + '</p><p>render ' + renders + '</p>',
        status: 200,
        state: '<script type="application/json">' + JSON.stringify(key) + '</script>',
      };
    }`,
  );
  t = await buildTestApp({ PAGES_CHECK_MS: '100', SUPPORT_EMAIL: 'help@school.example' }, { clientDir });
});
afterAll(() => t.close());

const support = async () => (await t.app.inject({ method: 'GET', url: '/support' })).body;
const saveSupportEmail = async (email: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(await t.adminToken('olga', 'owner')),
    payload: { support_email: email },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the public pages, rendered with the settings in force', () => {
  it('arrives with the environment’s support e-mail and the answer for the browser’s cache, in the frame', async () => {
    const html = await support();
    expect(html).toBe(
      '<!doctype html><head><title>/support</title><script type="application/json">["public-config"]</script></head>' +
        '<div id="root"><p>Write to help@school.example</p><p>render 1</p></div>',
    );
    // Rendered once: the next visitors get the same page.
    expect(await support()).toContain('render 1');
    expect((await t.app.inject({ method: 'GET', url: '/support/' })).body).toContain('render 1');
  });

  it('shows an owner’s save within the check interval, with no restart, rendering once for it', async () => {
    await saveSupportEmail('office@school.example');
    await expect.poll(support, { timeout: 10_000, interval: 50 }).toContain('Write to office@school.example');
    expect(await support()).toContain('render 2');
  });

  it('keeps the last good page when a render fails', async () => {
    await saveSupportEmail('explode@school.example');
    // Once the version has moved, a request renders again; that render fails, and the page sent is
    // the last good one, not an error.
    const failedRender = path.join(dist, 'server', 'render-failed');
    let res = await t.app.inject({ method: 'GET', url: '/support' });
    await expect
      .poll(
        async () => {
          res = await t.app.inject({ method: 'GET', url: '/support' });
          return existsSync(failedRender);
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Write to office@school.example');
    await saveSupportEmail('desk@school.example');
    await expect.poll(support, { timeout: 10_000, interval: 50 }).toContain('Write to desk@school.example');
  });

  it('leaves a page without a frame as the build wrote it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('Landing (prerendered)');
  });
});
