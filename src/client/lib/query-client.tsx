import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The app's one query cache, shared by every page. TanStack Query is not part of the landing page's
 * first load: router.tsx wraps each page but the landing page in WithQueryClient when the page's
 * chunk loads, and the landing page's sign-up widget (loaded after the page) wraps itself.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
