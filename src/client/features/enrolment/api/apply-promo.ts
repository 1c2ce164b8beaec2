import { api } from '@client/lib/api-client';
import type { PaymentType } from '@shared/catalogue';
import type { PromoQuote } from '@shared/schemas/promo-codes';

/** POST /api/students/{id}/promo: the code kept for the coming payment (null removes it) and its price. */
export const applyPromo = (studentId: string, code: string | null, paymentType: PaymentType) =>
  api<PromoQuote>(`/api/students/${studentId}/promo`, {
    method: 'POST',
    body: { code, payment_type: paymentType },
    auth: 'student',
  });
