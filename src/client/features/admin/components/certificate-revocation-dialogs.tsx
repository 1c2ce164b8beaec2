import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { errorDetail } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { messages } from '@shared/messages';
import type { AdminCertificate } from '@shared/schemas/certificates';
import { useReinstateCertificate, useRevokeCertificate } from '../api/revoke-certificate';

const m = messages.certificates;

/** What an owner is about to do to a certificate; null: no dialog open. */
export type PendingRevocation = { kind: 'revoke' | 'reinstate'; certificate: AdminCertificate } | null;

/**
 * The owner's Revoke (a reason is required before it can be confirmed) and Reinstate confirmations
 * for the Certificates tab (docs/product/admin.md#certificates).
 */
export function CertificateRevocationDialogs({
  pending,
  onClose,
}: {
  pending: PendingRevocation;
  onClose: () => void;
}) {
  const revoke = useRevokeCertificate();
  const reinstate = useReinstateCertificate();
  const [reason, setReason] = useState('');
  const certificate = pending?.certificate;
  const close = () => {
    setReason('');
    onClose();
  };
  const onError = (error: unknown) => toast.error(errorDetail(error, m.revokeFailed));

  return (
    <>
      <ConfirmDialog
        open={pending?.kind === 'revoke'}
        onOpenChange={(open) => !open && close()}
        title={m.revokeTitle}
        description={certificate ? m.revokeQuestion(certificate.student_name, certificate.certificate_id) : ''}
        confirmLabel={m.revokeConfirm}
        tone="danger"
        loading={revoke.isPending}
        disabled={reason.trim() === ''}
        onConfirm={() =>
          certificate &&
          revoke.mutate(
            { certificateId: certificate.certificate_id, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(m.revokedToast(certificate.certificate_id));
                close();
              },
              onError,
            },
          )
        }
      >
        <TextAreaField label={m.revocationReasonLabel} value={reason} onChange={setReason} maxLength={500} />
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.kind === 'reinstate'}
        onOpenChange={(open) => !open && close()}
        title={m.reinstateTitle}
        description={certificate ? m.reinstateQuestion(certificate.student_name, certificate.certificate_id) : ''}
        confirmLabel={m.reinstateConfirm}
        loading={reinstate.isPending}
        onConfirm={() =>
          certificate &&
          reinstate.mutate(
            { certificateId: certificate.certificate_id },
            {
              onSuccess: () => {
                toast.success(m.reinstatedToast(certificate.certificate_id));
                close();
              },
              onError,
            },
          )
        }
      />
    </>
  );
}
