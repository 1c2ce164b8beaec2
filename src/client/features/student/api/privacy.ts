import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { downloadFile } from '@client/lib/download';
import { studentDataExportPath } from '@shared/api-paths';
import type { ErasureRequestWire } from '@shared/schemas/privacy';
import { studentKeys } from './query-keys';

/** GET /api/student/{id}/export, saved as the JSON file the server names. */
export function useDownloadMyData(id: string) {
  return useMutation({ mutationFn: () => downloadFile(studentDataExportPath(id), 'student', 'my-data.json') });
}

/** GET /api/student/{id}/erasure-request: the latest request, if any. */
export function useErasureRequest(id: string) {
  return useQuery({
    queryKey: studentKeys.erasureRequest(id),
    queryFn: ({ signal }) =>
      api<{ request: ErasureRequestWire | null }>(`/api/student/${id}/erasure-request`, { auth: 'student', signal }),
  });
}

/** POST /api/student/{id}/erasure-request → 202 */
export function useRequestErasure(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ErasureRequestWire>(`/api/student/${id}/erasure-request`, { method: 'POST', auth: 'student' }),
    onSuccess: (request) => queryClient.setQueryData(studentKeys.erasureRequest(id), { request }),
  });
}
