import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CourseSelectionBody, CourseSelectionResponse } from '@shared/schemas/enrolment';

export const selectCourse = (studentId: string, body: CourseSelectionBody) =>
  api<CourseSelectionResponse>(`/api/students/${studentId}/course-selection`, {
    method: 'POST',
    body,
    auth: 'student',
  });

export function useSelectCourse() {
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: CourseSelectionBody }) =>
      selectCourse(studentId, body),
  });
}
