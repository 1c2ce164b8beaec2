/**
 * `npm run build`, last step: renders the public pages (PRERENDERED_PATHS) and the not-found page to
 * HTML with the SSR build of src/client/entry-server.tsx, so their content shows before any script
 * runs. Writes dist/client/<path>/index.html (the landing page is dist/client/index.html), the SPA
 * shell (an empty #root and a loading frame) as dist/client/spa-shell.html for every other route,
 * dist/client/404.html, and the frame of the verification page, which the server fills per request.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  NOT_FOUND_FILE,
  pageFrameFile,
  paths,
  PRERENDERED_PATHS,
  SPA_SHELL_FILE,
  VERIFY_FRAME_FILE,
  PAGE_FRAME_SLOTS,
} from '@shared/routes';
import { DEFAULT_CATALOGUE } from '@shared/catalogue';
import { DEFAULT_CONTENT } from '@shared/site-content';
import { CATALOGUE_QUERY_KEY, CONTENT_QUERY_KEY } from '@shared/query-keys';

const clientDir = path.resolve('dist/client');
const entry = path.resolve('dist/server/entry-server.js');
const MARKER = '<!--app-html-->';
const NOT_FOUND_SAMPLE = '/this-page-does-not-exist';

/**
 * The router app's entry: the SPA shell preloads it. The rendered pages preload nothing: main.tsx
 * loads their entry after the first paint (docs/decisions/055), and Vite's preload helper then
 * fetches that entry's chunks in parallel.
 */
const ROUTER_ENTRY = 'router-entry.tsx';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * <link rel="modulepreload"> for modules' chunks and their static imports: the browser fetches them
 * in parallel with the entry instead of after it.
 */
function preloadLinks(manifest: Manifest, modules: string[], template: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the Vite manifest`);
    visit(module);
  }
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="high">`)
    .join('\n    ');
}

/** src/client/entry-server.tsx's, as built (its types belong to the client's build, not this script's). */
interface RenderedPage {
  head: string;
  body: string;
  status: number;
}
type Render = (pathname: string) => Promise<RenderedPage>;
type RenderWithState = (
  pathname: string,
  seeds: Array<[readonly unknown[], unknown, number?]>,
) => Promise<RenderedPage & { state: string }>;

/**
 * What the public pages are drawn from in a new database: the seed catalogue and content, dated 0 so
 * the browser asks for those in force once the page runs. The server renders the pages again with
 * the database's own (src/server/plugins/live-pages.ts); these files are sent only until it has.
 */
const SEEDS: Array<[readonly unknown[], unknown, number]> = [
  [CATALOGUE_QUERY_KEY, DEFAULT_CATALOGUE, 0],
  [CONTENT_QUERY_KEY, DEFAULT_CONTENT, 0],
];

/**
 * The stylesheet inlined into a prerendered page: the first paint then needs no second request.
 * (The CSP allows inline styles; the SPA shell keeps the cached external file.)
 */
function inlineStylesheet(template: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (_tag, file: string) => {
    const css = readFileSync(path.join(clientDir, file), 'utf8');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
}

/** The template with the page's head tags (its own <title> and description replace the template's) and content. */
function page(template: string, { head, body }: Pick<RenderedPage, 'head' | 'body'>): string {
  let document = inlineStylesheet(template);
  if (head.includes('<title>')) document = document.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) document = document.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  // Functions as replacements: a "$" in the page is text, not a replacement pattern.
  return document.replace('</head>', () => `  ${head}\n  </head>`).replace(MARKER, () => body);
}

/**
 * A page's frame, which the server fills with the page rendered again: the verification page per
 * request (src/server/routes/certificates/verify-page.ts, rendered here for a stand-in id), the other
 * prerendered pages with the settings in force (src/server/plugins/live-pages.ts). The document with the
 * page's head tags and content taken out for the slots.
 */
function frame(template: string, standIn: RenderedPage): string {
  const document = page(template, standIn);
  for (const part of [standIn.head, standIn.body])
    if (document.split(part).length !== 2) throw new Error("the page's parts are not once in its document");
  return document.replace(standIn.head, () => PAGE_FRAME_SLOTS.head).replace(standIn.body, () => PAGE_FRAME_SLOTS.body);
}

/** .br and .gz beside every page, script, stylesheet and SVG: the server sends them as they are (no compression per request). */
function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Frames (dot-files and folders) are read by the server, never sent.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) count += precompress(full);
    else if (/\.(html|js|css|svg)$/.test(entry.name)) {
      const content = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
      count += 1;
    }
  }
  return count;
}

/**
 * The web font's Latin file (the one every page uses) preloaded, so text does not wait for the CSS
 * to be parsed first (docs/decisions/013). Vite names it with a hash, so it is found here.
 */
function withFontPreload(template: string): string {
  const font = readdirSync(path.join(clientDir, 'assets')).find((file) =>
    /^inter-latin-wght-normal-.*\.woff2$/.test(file),
  );
  if (!font) throw new Error('the Latin web font file is missing from dist/client/assets');
  const link = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`;
  return template.replace('</title>', `</title>\n    ${link}`);
}

async function main() {
  const template = withFontPreload(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  if (!template.includes(MARKER))
    throw new Error(`dist/client/index.html has no ${MARKER}: was it prerendered already?`);
  const { render, renderWithState, renderAppLoading } = (await import(pathToFileURL(entry).href)) as {
    render: Render;
    renderWithState: RenderWithState;
    renderAppLoading: () => string;
  };
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  // The shell of the pages that are not prerendered: its loading frame, after an empty #root, is all
  // that shows until the router's entry runs, so its chunks are preloaded with main.tsx at the same
  // (high) priority.
  const shellPreloads = preloadLinks(manifest, [ROUTER_ENTRY], template);
  const emptyRoot = `<div id="root">${MARKER}</div>`;
  if (!template.includes(emptyRoot)) throw new Error(`dist/client/index.html has no ${emptyRoot}`);
  const shell = template
    .replace('</head>', `  ${shellPreloads}\n  </head>`)
    .replace(emptyRoot, () => `<div id="root"></div>${renderAppLoading()}`);
  writeFileSync(path.join(clientDir, SPA_SHELL_FILE), shell);
  for (const pathname of PRERENDERED_PATHS) {
    const withState = await renderWithState(pathname, SEEDS);
    // The answers go in <head> after the page's tags, where the server's render puts them too.
    const rendered: RenderedPage = { ...withState, head: withState.head + withState.state };
    if (rendered.status !== 200) throw new Error(`${pathname} rendered with status ${rendered.status}`);
    const file = path.join(clientDir, pathname, 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page(template, rendered));
    const frameFile = path.join(clientDir, pageFrameFile(pathname));
    mkdirSync(path.dirname(frameFile), { recursive: true });
    writeFileSync(frameFile, frame(template, rendered));
    console.log(`prerendered ${pathname} → ${path.relative(process.cwd(), file)} (and its frame)`);
  }
  const standIn = await render(paths.verifyCertificate('VBR-STANDIN000'));
  writeFileSync(path.join(clientDir, VERIFY_FRAME_FILE), frame(template, standIn));
  console.log(`wrote the certificate verification page's frame → dist/client/${VERIFY_FRAME_FILE}`);
  const notFound = await render(NOT_FOUND_SAMPLE);
  writeFileSync(path.join(clientDir, NOT_FOUND_FILE), page(template, notFound));
  console.log(`prerendered the not-found page → dist/client/${NOT_FOUND_FILE}`);
  console.log(`precompressed ${precompress(clientDir)} files (.br, .gz)`);
}

await main();
