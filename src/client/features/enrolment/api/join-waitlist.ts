import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { WaitlistBody } from '@shared/schemas/enrolment';

export const joinWaitlist = (date: string, body: WaitlistBody) =>
  api<{ success: true }>(`/api/course-dates/${date}/waitlist`, { method: 'POST', body });

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: WaitlistBody }) => joinWaitlist(date, body),
  });
}
