/**
 * The prerendered pages rendered again in this process with the settings in force
 * (docs/decisions/052-public-pages-rendered-with-the-settings.md): the support page with the support
 * e-mail, hours and links an owner saved, the sign-in page for the running sign-in mode. Each is the
 * SSR build of the client (dist/server/entry-server.js, the code the browser then hydrates with) inside
 * the frame the build wrote for it (`pageFrameFile`), with `GET /api/public-config`'s answer in its
 * query cache, so the browser shows the same and asks for nothing.
 *
 * A settings save raises `public_pages_version` in its own transaction (a trigger, migration 0018).
 * Each process reads that number every PAGES_CHECK_MS; a page is rendered again at its first request
 * after the number moved, so a save shows on every process within that time, without a restart, and
 * a process that serves no page renders nothing. The version is read before the settings, so a save
 * made during a render is seen at the next check. When a render fails (the database unreachable) the
 * last render, else the build's file, is sent.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PAGE_FRAME_SLOTS, pageFrameFile, PRERENDERED_PATHS } from '@shared/routes';
import { readCatalogue, readContent } from '@server/domain/site-documents/site-documents';
import { publicPagesVersion } from '@server/db/schema';
import { pageFromHtml, type InMemoryPage } from './pages';
import { publicConfigAnswer } from './public-config';
import { CATALOGUE_QUERY_KEY, CONTENT_QUERY_KEY, PUBLIC_CONFIG_QUERY_KEY } from '@shared/query-keys';

type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** src/client/entry-server.tsx's renderWithState, as built. */
type RenderWithState = (
  pathname: string,
  seeds: Array<[readonly unknown[], unknown, number?]>,
) => Promise<{ head: string; body: string; status: number; state: string }>;

interface Rendered {
  version: number;
  page: InMemoryPage;
}

export interface LivePages {
  /** The page rendered with the settings in force, or undefined when none can be had (send the build's). */
  page(pathname: PrerenderedPath): Promise<InMemoryPage | undefined>;
}

/** The frame around its two slots: [before the head slot, between them, after the body slot]. */
export function splitFrame(frame: string, file: string): [string, string, string] {
  const [beforeHead, rest, ...extraHead] = frame.split(PAGE_FRAME_SLOTS.head);
  const [betweenSlots, afterBody, ...extraBody] = (rest ?? '').split(PAGE_FRAME_SLOTS.body);
  if (rest === undefined || afterBody === undefined || extraHead.length > 0 || extraBody.length > 0)
    throw new Error(`${file} must hold each slot once: was it written by this build?`);
  return [beforeHead!, betweenSlots!, afterBody];
}

/** Undefined before a build (no frames or no SSR build): the build's files are all there is. */
export async function startLivePages(app: FastifyInstance, clientDir: string): Promise<LivePages | undefined> {
  const rendererFile = path.join(clientDir, '..', 'server', 'entry-server.js');
  const frames = new Map<PrerenderedPath, [string, string, string]>();
  for (const pathname of PRERENDERED_PATHS) {
    const file = path.join(clientDir, pageFrameFile(pathname));
    if (existsSync(file)) frames.set(pathname, splitFrame(readFileSync(file, 'utf8'), file));
  }
  if (frames.size === 0 || !existsSync(rendererFile)) return undefined;
  const { renderWithState } = (await import(pathToFileURL(rendererFile).href)) as { renderWithState: RenderWithState };

  let version: number | null = null;
  let warned = false;
  const rendered = new Map<PrerenderedPath, Rendered>();
  const rendering = new Map<PrerenderedPath, Promise<Rendered>>();
  // A page whose render failed is not tried again before the next check: a database outage must not
  // hold every page's request for a connection timeout.
  const failed = new Set<PrerenderedPath>();

  async function readVersion(): Promise<void> {
    try {
      const [row] = await app.db.select({ version: publicPagesVersion.version }).from(publicPagesVersion).limit(1);
      version = row?.version ?? 0;
      warned = false;
      failed.clear();
    } catch (error) {
      if (!warned) app.log.warn({ err: error }, "the public pages' version could not be read; the last render is sent");
      warned = true;
    }
  }

  async function render(pathname: PrerenderedPath, frame: [string, string, string], at: number): Promise<Rendered> {
    // Dated 0: the page shows this answer at once, and the browser asks again when it runs, so a save
    // made since this render shows then, as it did before pages were rendered here.
    const [config, catalogue, content] = await Promise.all([
      publicConfigAnswer(app),
      readCatalogue(app.db),
      readContent(app.db),
    ]);
    const seeds: Array<[readonly unknown[], unknown, number?]> = [
      [PUBLIC_CONFIG_QUERY_KEY, config, 0],
      [CATALOGUE_QUERY_KEY, catalogue, 0],
      [CONTENT_QUERY_KEY, content, 0],
    ];
    const { head, body, state } = await renderWithState(pathname, seeds);
    const [beforeHead, betweenSlots, afterBody] = frame;
    const page = await pageFromHtml(beforeHead + head + state + betweenSlots + body + afterBody);
    return { version: at, page };
  }

  await readVersion();
  const timer = setInterval(() => void readVersion(), app.config.pagesCheckMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return {
    async page(pathname) {
      const frame = frames.get(pathname);
      const at = version;
      const last = rendered.get(pathname);
      if (!frame || at === null || failed.has(pathname)) return last?.page;
      if (last?.version === at) return last.page;
      // One render per page at a time; the requests that arrive meanwhile wait for it.
      let pending = rendering.get(pathname);
      if (!pending) {
        pending = render(pathname, frame, at).finally(() => rendering.delete(pathname));
        rendering.set(pathname, pending);
      }
      try {
        const fresh = await pending;
        if ((rendered.get(pathname)?.version ?? -1) < fresh.version) rendered.set(pathname, fresh);
        return fresh.page;
      } catch (error) {
        if (!failed.has(pathname))
          app.log.error({ err: error, pathname }, 'a public page could not be rendered; the last render is sent');
        failed.add(pathname);
        return last?.page;
      }
    },
  };
}
