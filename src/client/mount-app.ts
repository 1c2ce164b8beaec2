import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Starts an entry's app in #root: hydrates the prerendered HTML when there is some and `hydrate`
 * allows it, else renders afresh (replacing whatever HTML is there). Hydration runs as a transition,
 * so React works in slices and yields to the browser between them.
 */
export function mountApp(app: ReactNode, hydrate = true): void {
  const container = document.getElementById('root')!;
  if (container.firstElementChild && hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
