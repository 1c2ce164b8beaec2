import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentCertificateResponse } from '@shared/schemas/certificates';
import { studentKeys } from './query-keys';

/** GET /api/student/{id}/certificate (status none, pending or ready); any error means no certificate (null). */
export async function getCertificate(id: string, signal?: AbortSignal): Promise<StudentCertificateResponse | null> {
  try {
    return await api<StudentCertificateResponse>(`/api/student/${id}/certificate`, { auth: 'student', signal });
  } catch {
    return null;
  }
}

export function useCertificate(id: string, enabled: boolean) {
  return useQuery({
    queryKey: studentKeys.certificate(id),
    queryFn: ({ signal }) => getCertificate(id, signal),
    enabled,
  });
}
