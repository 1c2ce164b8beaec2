import { StrictMode, type ReactNode } from 'react';

/**
 * What wraps the router both in the browser and when prerendering, so hydration sees the same tree.
 * The query cache is provided per page (lib/query-client.tsx), outside the landing page's first load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
