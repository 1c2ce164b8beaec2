import { useQuery } from '@tanstack/react-query';
import { fillText, type SiteContent } from '@shared/site-content';
import { api } from './api-client';
import { useCatalogue } from './catalogue';
import { CONTENT_QUERY_KEY } from '@shared/query-keys';

export const getContent = (signal?: AbortSignal) => api<SiteContent>('/api/content', { signal });

/**
 * The site's words in force (GET /api/content), undefined until they arrive. The prerendered and
 * server-rendered pages start with them in their query cache.
 */
export function useSiteContent(): SiteContent | undefined {
  return useQuery({ queryKey: CONTENT_QUERY_KEY, queryFn: ({ signal }) => getContent(signal), staleTime: 60_000 }).data;
}

/**
 * The content with a filler for its texts' placeholders (prices, counts, claims), or undefined until
 * both the content and the catalogue are known.
 */
export function useFilledContent():
  { content: SiteContent; fill: (text: string, signIn?: string) => string } | undefined {
  const content = useSiteContent();
  const catalogue = useCatalogue();
  if (!content || !catalogue) return undefined;
  return { content, fill: (text, signIn) => fillText(text, catalogue, content, signIn) };
}
