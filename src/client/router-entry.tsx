import './lib/zod-jitless';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { mountApp } from './mount-app';
import { routes, type PageHandle } from './router';

/**
 * The entry of every page but the landing page (main.tsx chooses). Prerendered pages
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

  const router = createBrowserRouter(routes);
  mountApp(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
    // A page whose first render can differ from its HTML for this visitor renders afresh.
    loaded.every(Boolean) &&
      lazyMatches.every((match) => (match.route.handle as PageHandle | undefined)?.canHydrate?.() !== false),
  );
}

void start();
