import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Starts an entry's app in #root: hydrates the prerendered HTML when there is some and `hydrate`
 * allows it, else renders afresh (replacing whatever HTML is there). In the browser these are Preact's
 * compat functions (docs/decisions/022): hydration keeps the prerendered nodes but runs in one go
 * (Preact's `startTransition` calls its callback at once; under React it yielded to the browser).
 */
export function mountApp(app: ReactNode, hydrate = true): void {
  const container = document.getElementById('root')!;
  if (container.firstElementChild && hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
