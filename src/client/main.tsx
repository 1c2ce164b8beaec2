import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app-providers';
import { routes } from './router';
import './styles.css';

/**
 * Public pages arrive prerendered (scripts/prerender.ts): their lazy route modules are loaded before
 * hydrating so the first client render matches the HTML. Other pages render into the empty shell.
 */
async function start() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const load = match.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(match.route, { ...(await load()), lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes);
  const app = (
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const container = document.getElementById('root')!;
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
