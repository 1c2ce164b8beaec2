/** The owner's Catalogue and Content tabs: read and replace each document (docs/product/admin.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Catalogue } from '@shared/catalogue';
import type { SiteContent } from '@shared/site-content';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';
import { CATALOGUE_QUERY_KEY, CONTENT_QUERY_KEY } from '@shared/query-keys';

function useDocument<T>(path: string, key: readonly unknown[]) {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => adminApi<T>(path, { signal }) });
}

/** Saves the whole document; the public pages' copy of it (the same cache) is replaced too. */
function useSaveDocument<T>(path: string, key: readonly unknown[], publicKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => adminApi<T>(path, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      queryClient.setQueryData(publicKey, saved);
    },
  });
}

export const useCatalogueDocument = () => useDocument<Catalogue>('/api/admin/catalogue', adminKeys.catalogue());
export const useSaveCatalogue = () =>
  useSaveDocument<Catalogue>('/api/admin/catalogue', adminKeys.catalogue(), CATALOGUE_QUERY_KEY);
export const useContentDocument = () => useDocument<SiteContent>('/api/admin/content', adminKeys.content());
export const useSaveContent = () =>
  useSaveDocument<SiteContent>('/api/admin/content', adminKeys.content(), CONTENT_QUERY_KEY);
