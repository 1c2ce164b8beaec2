import { useState } from 'react';
import { toast } from 'sonner';
import { errorDetail } from '@client/lib/api-client';
import { messages } from '@shared/messages';
import type { AdminErasureRequest } from '@shared/schemas/privacy';
import { useDecideErasure } from '../api/erasure-requests';

const text = messages.privacy;

export type ErasureDecisions = ReturnType<typeof useErasureDecisions>;

/** What an erasure request's buttons do: the request being carried out or refused, the refusal's reason, the decision and its toasts. */
export function useErasureDecisions() {
  const decide = useDecideErasure();
  const [eraseFor, setEraseFor] = useState<AdminErasureRequest | null>(null);
  const [refuseFor, setRefuseFor] = useState<AdminErasureRequest | null>(null);
  const [reason, setReason] = useState('');

  const onDecide = (request: AdminErasureRequest, refuseReason?: string) =>
    decide.mutate(
      { id: request.id, refuseReason },
      {
        onSuccess: () => {
          toast.success(refuseReason === undefined ? text.adminCarriedOut : text.adminRefused);
          setEraseFor(null);
          setRefuseFor(null);
          setReason('');
        },
        onError: (error) => toast.error(errorDetail(error, text.adminDecisionFailed)),
      },
    );

  return {
    pending: decide.isPending,
    askErase: setEraseFor,
    eraseFor,
    carryOut: () => eraseFor && onDecide(eraseFor),
    closeErase: () => setEraseFor(null),
    askRefuse: setRefuseFor,
    refuseFor,
    reason,
    setReason,
    refuse: () => refuseFor && onDecide(refuseFor, reason.trim()),
    closeRefuse: () => {
      setRefuseFor(null);
      setReason('');
    },
  };
}
