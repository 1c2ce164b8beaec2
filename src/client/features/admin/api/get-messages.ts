import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PageParams } from './query-keys';

export function useContactMessages(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.messages(params),
    queryFn: ({ signal }) => adminApi<MessageListResponse>(`/api/admin/messages${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
