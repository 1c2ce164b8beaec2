import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { enrolmentKeys } from './query-keys';

export const getCourseDates = (signal?: AbortSignal) => api<CourseDatesResponse>('/api/course-dates', { signal });

export function useCourseDates(enabled: boolean) {
  return useQuery({
    queryKey: enrolmentKeys.courseDates(),
    queryFn: ({ signal }) => getCourseDates(signal),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}
