import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { CreatePaymentBody, CreatePaymentResponse } from '@shared/schemas/payments';

export const createPayment = (body: CreatePaymentBody) =>
  api<CreatePaymentResponse>('/api/square/create-payment', { method: 'POST', body, auth: 'student' });

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
