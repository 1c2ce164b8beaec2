import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { formatPence, penceToPounds, poundsToPence } from '@shared/money';
import { messages } from '@shared/messages';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { lastPayment, studentSession } from '@client/lib/session';
import { paths } from '@shared/routes';
import { useCreatePayment } from '../api/create-payment';
import { newIdempotencyKey } from './idempotency-key';
import { stepFromSlug } from './wizard';
import type { EnrolmentWizard } from './use-enrolment-wizard';
import { CATALOGUE_QUERY_KEY } from '@shared/query-keys';

const m = messages.enrolment;

/**
 * Step 4's payment. Paying the enrolment fee only ends on step 5 (where the course can be chosen
 * next); a payment that includes the course ends on /success.
 */
export function useWizardPayment({ student, choices, go, setLocalStudent }: EnrolmentWizard) {
  const navigate = useNavigate();
  const location = useLocation();
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [toSuccess, setToSuccess] = useState(false);
  const idempotencyKey = useRef<string | null>(null);
  const createPayment = useCreatePayment();
  const queries = useQueryClient();

  // A paid course: the wizard replaces the payment step with the confirmation in the address (its
  // rule for a paid student); then /success goes on top, so Back from it returns to the confirmation
  // and never offers to pay again. Pushed earlier, the wizard's replace would cancel it.
  const confirmationShown = stepFromSlug(new URLSearchParams(location.search).get('step')) === 5;
  useEffect(() => {
    if (!toSuccess || !confirmationShown) return;
    setToSuccess(false);
    void navigate(paths.success);
  }, [toSuccess, confirmationShown, navigate]);

  const pay = async (token: string, amountPence: number, termsAccepted: true) => {
    if (!student) return;
    setPaymentError(null);
    // One key per attempt, reused if this attempt is retried after an unknown outcome.
    idempotencyKey.current ??= newIdempotencyKey();
    const amount = penceToPounds(amountPence);
    try {
      const result = await createPayment.mutateAsync({
        source_id: token,
        student_id: student.id,
        amount,
        currency: 'GBP',
        payment_type: choices.paymentType,
        description: `Payment: ${choices.paymentType}`,
        idempotency_key: idempotencyKey.current,
        terms_accepted: termsAccepted,
      });
      idempotencyKey.current = null;
      if (!result?.success) {
        toast.error(m.paymentFailed);
        return;
      }
      // The payment is the wizard's last word: earlier notes (the registration, a decline) close, so
      // none is left lying over the confirmation's link on a small phone.
      toast.dismissAll();
      toast.success(m.paymentSuccessful);
      lastPayment.set({ email: student.email, paymentType: choices.paymentType, amountPence });
      const session = studentSession.get();
      if (session) studentSession.set({ ...session, student: { ...session.student, ...result.student } });
      setLocalStudent({
        ...student,
        enrollment_paid: result.student.enrollment_paid,
        course_paid: result.student.course_paid,
      });
      // The payment step is replaced by the confirmation: Back from it, or from /success, does not
      // offer to pay again.
      if (choices.paymentType === 'enrollment') go(5, {}, true);
      else setToSuccess(true);
    } catch (error) {
      const outcomeKnown = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (outcomeKnown) idempotencyKey.current = null;
      // The catalogue changed since the page read it: nothing was charged; the summary shows today's
      // prices once the catalogue is read again.
      const today =
        error instanceof ApiError && error.status === 409 ? (error.body as { amount?: unknown }).amount : null;
      if (typeof today === 'number') void queries.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEY });
      const detail =
        typeof today === 'number'
          ? m.priceChanged(formatPence(poundsToPence(today)))
          : errorDetail(error, m.paymentFailed);
      setPaymentError(detail);
      // A payment's outcome replaces the wizard's earlier notes, a decline as much as a success.
      toast.dismissAll();
      toast.error(detail);
    }
  };

  return { paying: createPayment.isPending, paymentError, setPaymentError, pay };
}

export type WizardPayment = ReturnType<typeof useWizardPayment>;
