import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
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
