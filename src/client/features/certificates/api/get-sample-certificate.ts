import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { SampleCertificate } from '@shared/schemas/certificates';
import { certificateKeys } from './query-keys';

export const getSampleCertificate = (signal?: AbortSignal) =>
  api<SampleCertificate>('/api/certificates/sample', { signal });

/** The details the SAMPLE PDF prints (they only change with the server's configuration). */
export function useSampleCertificate() {
  return useQuery({
    queryKey: certificateKeys.sample(),
    queryFn: ({ signal }) => getSampleCertificate(signal),
    staleTime: Infinity,
  });
}
