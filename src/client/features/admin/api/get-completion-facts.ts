import { useQuery } from '@tanstack/react-query';
import type { CourseType } from '@shared/catalogue';
import type { ProgressListResponse, StudentListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys } from './query-keys';

/** What an admin should see before completing a student or activating a certificate. */
export interface CompletionFacts {
  progressPercentage: number | null;
  completedStages: number | null;
  totalStages: number | null;
  courseStartDate: string | null;
  /** For the day the last stage opens (the stage calendar). */
  courseType: CourseType | null;
}

/**
 * The student's progress and course start date, from the admin lists searched by `search` (the
 * student's email or name) and matched by id.
 */
export function useCompletionFacts(studentId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.all, 'completion-facts', studentId] as const,
    enabled,
    queryFn: async ({ signal }): Promise<CompletionFacts> => {
      const params = { search, page: 1, page_size: 100 };
      const [progress, students] = await Promise.all([
        adminApi<ProgressListResponse>(`/api/admin/student-progress${queryString(params)}`, { signal }),
        adminApi<StudentListResponse>(`/api/admin/students${queryString({ ...params, status: '', course: '' })}`, {
          signal,
        }),
      ]);
      const row = progress.students.find((s) => s.student_id === studentId);
      const student = students.students.find((s) => s.id === studentId);
      return {
        progressPercentage: row?.progress_percentage ?? null,
        completedStages: row?.completed_stages ?? null,
        totalStages: row?.total_stages ?? null,
        courseStartDate: student?.course_start_date ?? null,
        courseType: student?.course_type ?? null,
      };
    },
  });
}
