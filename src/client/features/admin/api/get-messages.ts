import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';

export function useContactMessages(params: { page: number; page_size: number }) {
  return useQuery({
    queryKey: ['admin', 'messages', params],
    queryFn: ({ signal }) => adminApi<MessageListResponse>(`/api/admin/messages${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
