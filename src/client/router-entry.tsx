import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { routes } from './router';

/**
 * The entry of every page but the landing page (main.tsx chooses). Public pages arrive prerendered (scripts/prerender.ts): their lazy route modules are loaded before
 * hydrating so the first client render matches the HTML. Other pages render into the empty shell.
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
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const container = document.getElementById('root')!;
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for the whole page (the prerendered HTML is already on screen).
  if (container.firstElementChild && loaded.every(Boolean)) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
