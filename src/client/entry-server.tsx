/**
 * Renders pages to HTML outside the browser. Built with `vite build --ssr` (dist/server/entry-server.js).
 * `render` runs at build time (scripts/prerender.ts) for the public pages; `renderWithState` runs in
 * the API server for the same pages with the settings in force (src/server/plugins/live-pages.ts), and
 * `renderVerifyPage` once per request for /verify/{id} (src/server/routes/certificates/verify-page.ts);
 * `renderAppLoading` at build time, the SPA shell's loading frame.
 */
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { paths, QUERY_STATE_ELEMENT_ID, verifyPageCertificateId } from '@shared/routes';
import type { CertificateVerification } from '@shared/schemas/certificates';
import { AppProviders } from './app-providers';
import { AppLoading } from './components/layout/app-loading';
import { certificateKeys } from './features/certificates/api/query-keys';
import { LandingApp } from './landing-app';
import { routes } from './router';
import { SupportApp } from './support-app';
import { VerifyApp } from './verify-app';

export interface RenderedPage {
  /** The <title> and description the page's PageMeta gave (React hoists them), for <head>. */
  head: string;
  /** The page's markup, for #root. */
  body: string;
  status: number;
}

/**
 * The pages rendered as apps of their own, besides /verify/{id}, whose entries hydrate only their
 * islands. Those take their props from the markup and ask no query: the answers the server rendered
 * with would be dead weight in their <head>.
 */
const OWN_APPS = new Map<string, () => ReactNode>([
  [paths.home, () => <LandingApp />],
  [paths.support, () => <SupportApp />],
]);

/**
 * The landing, support and verification pages are rendered as apps of their own, as main.tsx hydrates
 * them (docs/decisions/019, 054, 057); the others through the router. `queries` is the query cache when
 * given (else the app's own).
 */
export async function render(pathname: string, queries?: QueryClient): Promise<RenderedPage> {
  const certificateId = verifyPageCertificateId(pathname);
  const app = certificateId === null ? OWN_APPS.get(pathname)?.() : <VerifyApp certificateId={certificateId} />;
  if (app) {
    const page = queries ? <QueryClientProvider client={queries}>{app}</QueryClientProvider> : app;
    return { ...renderPage(page), status: 200 };
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages can be rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script (the CSP forbids them); the client needs no loader data.
  const page = <StaticRouterProvider router={router} context={context} hydrate={false} />;
  return {
    ...renderPage(queries ? <QueryClientProvider client={queries}>{page}</QueryClientProvider> : page),
    status: context.statusCode,
  };
}

/**
 * A query's key, the answer the server looked up for it, and when it counts as fetched (default: now).
 * An answer dated 0 is stale at once: the browser shows it, then asks again when the page runs.
 */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown, updatedAt?: number];

/**
 * `pathname` rendered with `seeds` in its query cache, as the server renders the public pages with the
 * settings in force (src/server/plugins/live-pages.ts). `state` is the <script type="application/json">
 * that hands the answers to the browser's query cache (lib/query-client.tsx), so hydration sees the
 * same data and nothing is asked again. A cache per render: nothing is kept.
 */
export async function renderWithState(pathname: string, seeds: QuerySeed[]): Promise<RenderedPage & { state: string }> {
  const queries = new QueryClient();
  for (const [queryKey, data, updatedAt] of seeds) queries.setQueryData(queryKey, data, { updatedAt });
  const page = await render(pathname, queries);
  if (seeds.length === 0 || OWN_APPS.has(pathname)) return { ...page, state: '' };
  // In a <script> element only "</script" or "<!--" could end the data early: no "<" is left as such.
  const json = JSON.stringify(dehydrate(queries)).replaceAll('<', '\\u003c');
  return { ...page, state: `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${json}</script>` };
}

/**
 * The verification page for the id of the address (as Fastify decoded it) with the answer the server
 * looked up: the certificate, null when no certificate has the id, undefined when it has no answer
 * (the page then asks for it, showing "Checking…" until then). With an answer, `state` is the
 * <script type="application/json"> that hands it to the browser's query cache (lib/query-client.tsx),
 * so hydration sees the same result and nothing is asked again. A cache per request: nothing is kept.
 */
export async function renderVerifyPage(
  certificateId: string,
  answer?: CertificateVerification | null,
): Promise<RenderedPage & { state: string }> {
  // The key the page asks with (it shows and looks up the id trimmed, in upper case).
  const seeds: QuerySeed[] =
    answer === undefined ? [] : [[certificateKeys.verification(certificateId.trim().toUpperCase()), answer]];
  return renderWithState(paths.verifyCertificate(certificateId), seeds);
}

/**
 * A page's markup inside the app's providers, and the tags React hoisted out of it (PageMeta's
 * <title> and description). Rendered without <html>, React writes them first; they belong in <head>.
 */
function renderPage(page: ReactNode): { head: string; body: string } {
  const html = renderToString(<AppProviders>{page}</AppProviders>);
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/.exec(html)![0];
  return { head: hoisted, body: html.slice(hoisted.length) };
}

/** The SPA shell's loading frame (components/layout/app-loading.tsx): static HTML, never hydrated. */
export function renderAppLoading(): string {
  return renderToStaticMarkup(<AppLoading />);
}
