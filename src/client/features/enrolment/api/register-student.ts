import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { RegistrationBody, RegistrationResponse } from '@shared/schemas/enrolment';

export const registerStudent = (body: RegistrationBody) =>
  api<RegistrationResponse>('/api/students', { method: 'POST', body });

export function useRegisterStudent() {
  return useMutation({ mutationFn: registerStudent });
}
