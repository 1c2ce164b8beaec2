import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { studentSession } from '@client/lib/session';
import { getPublicConfig } from '@client/lib/public-config';
import type { StudentLoginResponse } from '@shared/schemas/student-area';
import { emailPath } from './query-keys';

function keepSession(response: StudentLoginResponse): StudentLoginResponse {
  const { token, ...student } = response;
  studentSession.set({ token, student });
  return response;
}

/** GET /api/student/login/{email} (STUDENT_LOGIN=email); keeps the record and token in the stored session. */
async function logInByEmail(email: string): Promise<StudentLoginResponse> {
  return keepSession(await api<StudentLoginResponse>(`/api/student/login/${emailPath(email)}`));
}

export type LoginStart = { kind: 'code-sent' } | { kind: 'signed-in'; student: StudentLoginResponse };

/** Step 1: with sign-in codes (the default) emails a code; with STUDENT_LOGIN=email signs in at once. */
async function startLogin(email: string): Promise<LoginStart> {
  const config = await getPublicConfig();
  if (config.student_login === 'email') return { kind: 'signed-in', student: await logInByEmail(email) };
  await api<{ detail: string }>('/api/student/login/code', { method: 'POST', body: { email: email.trim() } });
  return { kind: 'code-sent' };
}

/** Step 2: POST /api/student/login/verify; keeps the record and token in the stored session. */
async function verifyCode(input: { email: string; code: string }): Promise<StudentLoginResponse> {
  return keepSession(
    await api<StudentLoginResponse>('/api/student/login/verify', {
      method: 'POST',
      body: { email: input.email.trim(), code: input.code },
    }),
  );
}

/** POST /api/student/login/link: the one-time link from an e-mail; keeps the record and token like a code sign-in. */
export async function logInWithLink(link: string): Promise<StudentLoginResponse> {
  return keepSession(await api<StudentLoginResponse>('/api/student/login/link', { method: 'POST', body: { link } }));
}

export function useStartLogin() {
  return useMutation({ mutationFn: startLogin });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
