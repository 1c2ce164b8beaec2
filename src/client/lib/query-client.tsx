import { hydrate, QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { QUERY_STATE_ELEMENT_ID } from '@shared/routes';

/**
 * The app's one query cache, shared by every page. TanStack Query is not part of the landing page's
 * first load: router.tsx wraps each page but the landing page in WithQueryClient when the page's
 * chunk loads, and the landing page's sign-up widget (loaded after the page) wraps itself. A route's
 * loader, which runs outside React, uses it directly.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// Answers the server sent inside the page (the verification page's result, entry-server.tsx): the
// cache starts with them, so the first render shows what the HTML shows and asks for nothing.
if (typeof document !== 'undefined') {
  const sent = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  if (sent) hydrate(queryClient, JSON.parse(sent));
}

/** The cache around a page; a render on the server brings its own, one per request (entry-server.tsx). */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const serverCache = useContext(QueryClientContext);
  if (serverCache) return <>{children}</>;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
