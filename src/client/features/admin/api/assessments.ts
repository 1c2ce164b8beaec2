import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '@client/lib/download';
import type { AssessmentList } from '@shared/schemas/assessments';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type AssessmentListParams } from './query-keys';

/** GET /api/admin/assessments: one status, a page at a time (waiting ones oldest first). */
export function useAssessments(params: AssessmentListParams) {
  return useQuery({
    queryKey: adminKeys.assessments(params),
    queryFn: ({ signal }) => adminApi<AssessmentList>(`/api/admin/assessments${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Pass, or ask for the piece again with feedback; every list reloads. */
export function useReviewAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, result, feedback }: { id: string; result: 'passed' | 'resubmit'; feedback: string }) =>
      adminApi<null>(`/api/admin/assessments/${encodeURIComponent(id)}/review`, {
        method: 'POST',
        body: { result, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The submitted file, saved under the name the server gives (it needs the admin token: no plain link). */
export function useDownloadAssessmentFile() {
  return useMutation({
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      downloadFile(`/api/admin/assessments/${encodeURIComponent(id)}/file`, 'admin', fileName),
  });
}
