import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { downloadFile } from '@client/lib/download';
import type { StudentInvoice, StudentInvoicesResponse } from '@shared/schemas/invoices';
import { studentKeys } from './query-keys';

/** GET /api/student/{id}/invoices: the invoices and credit notes, oldest first. */
export function useInvoices(studentId: string) {
  return useQuery({
    queryKey: studentKeys.invoices(studentId),
    queryFn: ({ signal }) =>
      api<StudentInvoicesResponse>(`/api/student/${studentId}/invoices`, { auth: 'student', signal }),
  });
}

/** Fetches one as a PDF with the student's token and saves it as a file. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: StudentInvoice) =>
      downloadFile(invoice.url, 'student', `${invoice.number}.pdf`, 'application/pdf'),
  });
}
