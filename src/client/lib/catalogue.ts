import { useQuery } from '@tanstack/react-query';
import type { Catalogue } from '@shared/catalogue';
import { api } from './api-client';
import { CATALOGUE_QUERY_KEY } from '@shared/query-keys';

export const getCatalogue = (signal?: AbortSignal) => api<Catalogue>('/api/catalogue', { signal });

/**
 * The catalogue in force (GET /api/catalogue): every price, course title and module list the site
 * shows. Undefined until it arrives; the prerendered and server-rendered pages start with it in their
 * query cache, so they show prices at once. The server charges today's price whatever a page showed
 * (a page quoting an old one gets 409 and refreshes this).
 */
export function useCatalogue(): Catalogue | undefined {
  return useQuery({
    queryKey: CATALOGUE_QUERY_KEY,
    queryFn: ({ signal }) => getCatalogue(signal),
    staleTime: 60_000,
  }).data;
}
