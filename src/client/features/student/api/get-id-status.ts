import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { IdStatusResponse } from '@shared/schemas/id-verification';
import { emailPath, studentKeys } from './query-keys';

/** Before the status loads: not_required, can resubmit (docs/product/student-area.md). */
export const DEFAULT_ID_STATUS: IdStatusResponse = {
  status: 'not_required',
  uploaded_date: null,
  reviewed_date: null,
  rejection_reason: null,
  can_resubmit: true,
};

export const getIdStatus = (email: string, signal?: AbortSignal) =>
  api<IdStatusResponse>(`/api/students/${emailPath(email)}/id-status`, { auth: 'student', signal });

/** The query, for the hook and for the dashboard's route loader (student-dashboard-page.tsx). */
export const idStatusQuery = (email: string) =>
  queryOptions({ queryKey: studentKeys.idStatus(email), queryFn: ({ signal }) => getIdStatus(email, signal) });

export function useIdStatus(email: string) {
  return useQuery(idStatusQuery(email));
}
