/** The row actions of Student Management: status, complete, mark paid, delete. Each reloads the data. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompletionStatus } from '@shared/statuses';
import type { MarkPaidType } from '@shared/schemas/admin';
import type { StudentRecord } from '@shared/schemas/student';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

function useReloadingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useUpdateStudentStatus = () =>
  useReloadingMutation(({ id, status }: { id: string; status: CompletionStatus }) =>
    adminApi<StudentRecord>(`/api/admin/students/${id}/status`, { method: 'PUT', body: { completion_status: status } }),
  );

export const useCompleteStudent = () =>
  useReloadingMutation(({ id, confirmIncomplete }: { id: string; confirmIncomplete: boolean }) =>
    adminApi<StudentRecord>(`/api/admin/students/${id}/complete`, {
      method: 'PUT',
      body: { confirm_incomplete: confirmIncomplete },
    }),
  );

export const useMarkStudentPaid = () =>
  useReloadingMutation(({ id, paymentType, notes }: { id: string; paymentType: MarkPaidType; notes: string }) =>
    adminApi<StudentRecord>(`/api/admin/students/${id}/mark-paid`, {
      method: 'POST',
      body: { payment_type: paymentType, payment_method: 'manual', notes: notes.trim() || null },
    }),
  );

export const useDeleteStudent = () =>
  useReloadingMutation((id: string) => adminApi<null>(`/api/admin/students/${id}`, { method: 'DELETE' }));

export const useSetStartDate = () =>
  useReloadingMutation(({ id, date }: { id: string; date: string }) =>
    adminApi<StudentRecord>(`/api/admin/students/${id}/start-date`, {
      method: 'PUT',
      body: { course_start_date: date },
    }),
  );
