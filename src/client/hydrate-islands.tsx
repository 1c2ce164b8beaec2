import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';

/** What renders an island, given the props it was rendered with on the server. */
export type IslandRenderer = (props: never) => ReactNode;

/** What an island page's entry hydrates: each island's name (components/layout/island.tsx) and its renderer. */
export type IslandRenderers = Map<string, IslandRenderer>;

/**
 * Hydrates the islands of a server-rendered page, each as a root of its own, so React never renders
 * or walks the rest of the page. Each island renders again with the props it was rendered with on
 * the server (kept in the markup). An island no entry knows is a build mistake: it throws.
 */
export function hydrateIslands(root: HTMLElement, islands: IslandRenderers, page: string): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const island = islands.get(element.dataset.island ?? '');
    if (island === undefined) throw new Error(`${page} has an island no entry knows: ${element.dataset.island}`);
    const props = (element.dataset.props ? JSON.parse(element.dataset.props) : {}) as never;
    // A transition: React yields to the browser between islands.
    startTransition(() => void hydrateRoot(element, <AppProviders>{island(props)}</AppProviders>));
  }
}

/**
 * A part the server's HTML does not hold (the toaster, the landing page's sign-up widget), rendered in
 * a root of its own after the page's content.
 */
export function mountAfter(root: HTMLElement, part: ReactNode): void {
  createRoot(root.appendChild(document.createElement('div'))).render(<AppProviders>{part}</AppProviders>);
}

/**
 * When the server sent its SPA shell instead of the page (an empty #root: its render failed, or an
 * address made too many pages), the whole page rendered in the browser, once its app has loaded.
 */
export function renderWholePage(root: HTMLElement, load: () => Promise<ReactNode>): void {
  void load().then((page) => createRoot(root).render(<AppProviders>{page}</AppProviders>));
}
