/**
 * Renders one public page to HTML at build time (scripts/prerender.ts). Built with `vite build --ssr`;
 * never runs in the browser or in the API server.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { paths } from '@shared/routes';
import { AppProviders } from './app-providers';
import { HeadTagsContext, type HeadTags } from './components/layout/page-meta';
import { LandingApp } from './landing-app';
import { routes } from './router';

export interface RenderedPage {
  /** The page's markup for #root, after its <title> and <meta> (PageMeta's; the prerender moves them to <head>). */
  html: string;
  status: number;
}

/** The landing page is rendered as its own app, as main.tsx hydrates it (docs/decisions/019); the others through the router. */
export async function render(pathname: string): Promise<RenderedPage> {
  if (pathname === paths.home) {
    return {
      html: renderPage(<LandingApp />),
      status: 200,
    };
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline script (the CSP forbids them); the client needs no loader data.
  const html = renderPage(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return { html, status: context.statusCode };
}

/** A page's markup inside the app's providers, with the <title> and description its PageMeta gave put first. */
function renderPage(page: ReactNode): string {
  const head: HeadTags = {};
  const body = renderToString(
    <HeadTagsContext.Provider value={head}>
      <AppProviders>{page}</AppProviders>
    </HeadTagsContext.Provider>,
  );
  const tags = renderToString(
    <>
      {head.title !== undefined && <title>{head.title}</title>}
      {head.description !== undefined && <meta name="description" content={head.description} />}
    </>,
  );
  return tags + body;
}
