import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while prerendering and while React hydrates the prerendered HTML, true from the render after
 * (and at once in a page rendered in the browser). What depends on it differs from the HTML without
 * breaking hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
