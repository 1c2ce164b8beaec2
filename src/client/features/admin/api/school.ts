/** The owner's Settings and Cohorts tabs: read and change them (docs/product/admin.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CohortCreateBody,
  CohortItem,
  CohortListResponse,
  CohortUpdateBody,
  CohortWaitlistResponse,
  SettingsResponse,
  SettingsUpdateBody,
} from '@shared/schemas/admin-school';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => adminApi<SettingsResponse>('/api/admin/settings', { signal }),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdateBody) =>
      adminApi<SettingsResponse>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(adminKeys.settings(), data);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useCohorts() {
  return useQuery({
    queryKey: adminKeys.cohorts(),
    queryFn: ({ signal }) => adminApi<CohortListResponse>('/api/admin/cohorts', { signal }),
  });
}

const cohortPath = (date: string) => `/api/admin/cohorts/${encodeURIComponent(date)}`;

function useCohortMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

/** One start date's waitlist, loaded while its dialog is open (`date` null: closed). */
export function useCohortWaitlist(date: string | null) {
  return useQuery({
    queryKey: [...adminKeys.cohorts(), 'waitlist', date],
    queryFn: ({ signal }) => adminApi<CohortWaitlistResponse>(`${cohortPath(date ?? '')}/waitlist`, { signal }),
    enabled: date !== null,
  });
}

export const useAddCohort = () =>
  useCohortMutation((body: CohortCreateBody) => adminApi<CohortItem>('/api/admin/cohorts', { method: 'POST', body }));

export const useUpdateCohort = () =>
  useCohortMutation(({ date, ...body }: CohortUpdateBody & { date: string }) =>
    adminApi<CohortItem>(cohortPath(date), { method: 'PATCH', body }),
  );

export const useDeleteCohort = () =>
  useCohortMutation((date: string) => adminApi<null>(cohortPath(date), { method: 'DELETE' }));
