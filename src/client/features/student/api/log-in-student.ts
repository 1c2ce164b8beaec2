import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { studentSession } from '@client/lib/session';
import type { StudentLoginResponse } from '@shared/schemas/student-area';
import { emailPath } from './query-keys';

/** GET /api/student/login/{email}; keeps the record and token in session storage. */
export async function logInStudent(email: string): Promise<StudentLoginResponse> {
  const response = await api<StudentLoginResponse>(`/api/student/login/${emailPath(email)}`);
  const { token, ...student } = response;
  studentSession.set({ token, student });
  return response;
}

export function useLogInStudent() {
  return useMutation({ mutationFn: logInStudent });
}
