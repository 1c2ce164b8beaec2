import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CourseType } from '@shared/catalogue';
import type { StudentCertificateResponse } from '@shared/schemas/certificates';
import { studentKeys } from './query-keys';

/** POST /api/student/{id}/request-certificate */
export const requestCertificate = (id: string, courseType: CourseType) =>
  api<StudentCertificateResponse>(`/api/student/${id}/request-certificate`, {
    method: 'POST',
    auth: 'student',
    body: { student_id: id, course_type: courseType },
  });

export function useRequestCertificate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseType: CourseType) => requestCertificate(id, courseType),
    onSuccess: (certificate) => queryClient.setQueryData(studentKeys.certificate(id), certificate),
  });
}
