import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { SampleCertificate } from '@shared/schemas/certificates';

export const getSampleCertificate = (signal?: AbortSignal) =>
  api<SampleCertificate>('/api/certificates/sample', { signal });

/** The details the SAMPLE PDF prints (they only change with the server's configuration). */
export function useSampleCertificate() {
  return useQuery({
    queryKey: ['sample-certificate'],
    queryFn: ({ signal }) => getSampleCertificate(signal),
    staleTime: Infinity,
  });
}
