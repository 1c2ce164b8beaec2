import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { PublicConfig } from '@shared/schemas/enrolment';
import { PUBLIC_CONFIG_QUERY_KEY } from '@shared/query-keys';

export const getPublicConfig = (signal?: AbortSignal) => api<PublicConfig>('/api/public-config', { signal });

/**
 * GET /api/public-config, once per visit: which card form to open (the offline test-card form or
 * Square's Web Payments SDK) and how students sign in (the copy that explains sign-in follows it).
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}

/** The running sign-in mode (STUDENT_LOGIN), or undefined until it is known (also when prerendered). */
export function useStudentLoginMode(): PublicConfig['student_login'] | undefined {
  return usePublicConfig().data?.student_login;
}
