import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '@client/lib/download';
import { studentDataExportPath } from '@shared/api-paths';
import type { AdminErasureRequest } from '@shared/schemas/privacy';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type ErasureListParams } from './query-keys';

interface ErasureRequestList {
  requests: AdminErasureRequest[];
  total: number;
  page: number;
  page_size: number;
}

export function useErasureRequests(params: ErasureListParams) {
  return useQuery({
    queryKey: adminKeys.erasureRequests(params),
    queryFn: ({ signal }) =>
      adminApi<ErasureRequestList>(`/api/admin/erasure-requests${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Carry out or refuse (with the reason the student is sent); every list and the stats reload. */
export function useDecideErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, refuseReason }: { id: string; refuseReason?: string }) =>
      adminApi<AdminErasureRequest>(
        `/api/admin/erasure-requests/${encodeURIComponent(id)}/${refuseReason === undefined ? 'carry-out' : 'refuse'}`,
        { method: 'POST', ...(refuseReason === undefined ? {} : { body: { reason: refuseReason } }) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The student's data file (the same as their own "Download my data"). */
export function useDownloadStudentData() {
  return useMutation({
    mutationFn: (studentId: string) =>
      downloadFile(studentDataExportPath(studentId), 'admin', `student-data-${studentId}.json`),
  });
}
