import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api-client';
import type { CertificateVerification } from '@shared/schemas/certificates';
import { certificateKeys } from './query-keys';

export const getCertificateVerification = (certificateId: string, signal?: AbortSignal) =>
  api<CertificateVerification>(`/api/certificates/${encodeURIComponent(certificateId)}`, { signal });

/** Public lookup. A 4xx (unknown id, throttled) is an answer, not a hiccup: no retry. */
export function useCertificateVerification(certificateId: string) {
  return useQuery({
    queryKey: certificateKeys.verification(certificateId),
    queryFn: ({ signal }) => getCertificateVerification(certificateId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
