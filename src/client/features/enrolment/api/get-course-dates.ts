import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { enrolmentKeys } from './query-keys';

/** With the student's token when signed in: their own held place is then open to them, not "full". */
export const getCourseDates = (signal?: AbortSignal) =>
  api<CourseDatesResponse>('/api/course-dates', { signal, auth: 'student' });

export function useCourseDates(enabled: boolean) {
  return useQuery({
    queryKey: enrolmentKeys.courseDates(),
    queryFn: ({ signal }) => getCourseDates(signal),
    enabled,
    // Places are taken and freed all the time: a short cache, so "full" and "places left" stay true.
    staleTime: 30 * 1000,
  });
}
