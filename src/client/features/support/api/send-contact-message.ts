import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { ContactMessageBody, ContactMessageResponse } from '@shared/schemas/public';

export const sendContactMessage = (body: ContactMessageBody) =>
  api<ContactMessageResponse>('/api/support/messages', { method: 'POST', body });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
