import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api-client';
import type { CertificateVerification } from '@shared/schemas/certificates';
import { certificateKeys } from './query-keys';

/** The certificate with this id, or null when there is none (the API's 404: an answer, not a failure). */
export async function getCertificateVerification(
  certificateId: string,
  signal?: AbortSignal,
): Promise<CertificateVerification | null> {
  try {
    return await api<CertificateVerification>(`/api/certificates/${encodeURIComponent(certificateId)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Public lookup. The answer may arrive with the page (entry-server.tsx), else it is asked for. A 4xx
 * (throttled) is an answer too: no retry.
 */
export function useCertificateVerification(certificateId: string) {
  return useQuery({
    queryKey: certificateKeys.verification(certificateId),
    queryFn: ({ signal }) => getCertificateVerification(certificateId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
