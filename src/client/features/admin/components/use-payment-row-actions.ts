import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { AdminPayment } from '@shared/schemas/admin-payments';
import { errorDetail } from '@client/lib/api-client';
import { useMarkPaymentReviewed, useRefundPayment } from '../api/payments';

/** What a payment row's Refund button does: the payment being refunded, the reason typed, the refund and its toasts. */
export function usePaymentRowActions() {
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [reason, setReason] = useState('');
  const refund = useRefundPayment();
  const [reviewing, setReviewing] = useState<AdminPayment | null>(null);
  const review = useMarkPaymentReviewed();

  function confirmReview() {
    if (!reviewing) return;
    review.mutate(reviewing.id, {
      onSuccess: () => {
        toast.success(messages.admin.markedReviewed);
        setReviewing(null);
      },
      onError: (error) => toast.error(errorDetail(error, messages.admin.markReviewedFailed)),
    });
  }

  function confirmRefund() {
    if (!refunding || reason.trim() === '') return;
    refund.mutate(
      { id: refunding.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(messages.admin.refundSuccess);
          setRefunding(null);
        },
        onError: (error) => toast.error(errorDetail(error, messages.admin.refundFailed)),
      },
    );
  }

  return {
    askRefund: (payment: AdminPayment) => {
      setReason('');
      setRefunding(payment);
    },
    refunding,
    reason,
    setReason,
    confirmRefund,
    refundPending: refund.isPending,
    closeRefund: () => setRefunding(null),
    askReview: setReviewing,
    reviewing,
    confirmReview,
    reviewPending: review.isPending,
    closeReview: () => setReviewing(null),
  };
}
