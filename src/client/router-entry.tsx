import './lib/zod-jitless';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { mountApp } from './mount-app';
import { routes, type PageHandle } from './router';

/**
 * The entry of every page without an entry of its own (main.tsx chooses). Prerendered pages
 * (scripts/prerender.ts) have their lazy route modules loaded before hydrating, so the first client
 * render matches the HTML. Other pages render into the empty shell.
 * A module that fails to load stays lazy: the router then shows its error page (router.tsx), which
 * replaces the prerendered HTML instead of hydrating it.
 */
async function start() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  const loaded = await Promise.all(
    lazyMatches.map(async (match) => {
      const load = match.route.lazy as () => Promise<Record<string, unknown>>;
      try {
        Object.assign(match.route, { ...(await load()), lazy: undefined });
        return true;
      } catch {
        return false;
      }
    }),
  );

  const handles = lazyMatches.map((match) => match.route.handle as PageHandle | undefined);
  // A page whose first render can differ from its HTML for this visitor renders afresh.
  const hydrate = loaded.every(Boolean) && handles.every((handle) => handle?.canHydrate?.() !== false);
  // The address a hydrated page would rewrite as soon as it shows is written before the router reads it:
  // a navigation right after hydrating would render the whole page again (docs/perf/lighthouse-slow-machine.md).
  const search = hydrate ? handles.find((handle) => handle?.arrivalSearch)?.arrivalSearch?.() : undefined;
  if (search !== undefined) {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  }

  const router = createBrowserRouter(routes);
  mountApp(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
    hydrate,
  );
}

void start();
