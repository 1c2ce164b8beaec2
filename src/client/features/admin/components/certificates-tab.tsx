import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { AdminCertificate } from '@shared/schemas/certificates';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import { useActivateCertificate } from '../api/activate-certificate';
import { useIsOwner } from '../api/admin-me';
import { useAdminCertificates } from '../api/get-certificates';
import { CertificateRevocationDialogs, type PendingRevocation } from './certificate-revocation-dialogs';
import { CompletionConfirmDialog } from './completion-confirm-dialog';
import { conflictMessage } from './conflict-message';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

export function CertificatesTab() {
  const [page, setPage] = useState(1);
  const certificates = useAdminCertificates({ page, page_size: PAGE_SIZE });
  const activate = useActivateCertificate();
  const [confirming, setConfirming] = useState<AdminCertificate | null>(null);
  const isOwner = useIsOwner();
  const [revocation, setRevocation] = useState<PendingRevocation>(null);

  function onActivate(certificateId: string, confirmIncomplete: boolean) {
    activate.mutate(
      { certificateId, confirmIncomplete },
      {
        onSuccess: () => {
          toast.success(messages.admin.activated);
          setConfirming(null);
        },
        onError: (error) => toast.error(conflictMessage(error, messages.admin.activateFailed)),
      },
    );
  }

  return (
    <>
      <DataTable
        heading="Certificates"
        query={certificates}
        empty={messages.admin.noCertificates}
        columns={certificateColumns({
          onActivate: setConfirming,
          isActivating: (c) => activate.isPending && activate.variables?.certificateId === c.certificate_id,
          // Revoking and reinstating are the owner's (staff get 403 from the server too).
          onRevocation: isOwner ? setRevocation : null,
        })}
        rows={certificates.data?.certificates ?? []}
        rowKey={(c) => c.certificate_id}
        pagination={{ page, total: certificates.data?.total ?? 0, onPage: setPage }}
      />
      <CompletionConfirmDialog
        target={
          confirming && {
            studentId: confirming.student_id,
            search: confirming.student_name,
            name: confirming.student_name,
            completionDate: confirming.completion_date,
          }
        }
        title={messages.admin.completionCheck.activateTitle}
        question={confirming ? messages.admin.completionCheck.activateQuestion(confirming.student_name) : ''}
        confirmLabel="Activate"
        loading={activate.isPending}
        onConfirm={(confirmIncomplete) => confirming && onActivate(confirming.certificate_id, confirmIncomplete)}
        onClose={() => setConfirming(null)}
      />
      <CertificateRevocationDialogs pending={revocation} onClose={() => setRevocation(null)} />
    </>
  );
}

/**
 * The certificates table's columns; a pending certificate has an Activate button (asked first), and an
 * owner (`onRevocation` set) a Revoke or Reinstate button on each.
 */
function certificateColumns({
  onActivate,
  isActivating,
  onRevocation,
}: {
  onActivate: (certificate: AdminCertificate) => void;
  isActivating: (certificate: AdminCertificate) => boolean;
  onRevocation: ((pending: PendingRevocation) => void) | null;
}): Array<Column<AdminCertificate>> {
  return [
    { header: 'Certificate ID', cell: (c) => c.certificate_id, className: 'font-mono' },
    { header: 'Student', cell: (c) => c.student_name },
    { header: 'Course', cell: (c) => COURSES[c.course_type].title },
    { header: 'Completion Date', cell: (c) => formatDate(c.completion_date) },
    {
      header: 'Status',
      cell: (c) =>
        c.revoked_at ? (
          <span className="flex flex-col items-start gap-1">
            <Badge tone="red">Revoked</Badge>
            <span className="text-xs text-slate-700">{formatDate(c.revoked_at)}</span>
          </span>
        ) : c.activated ? (
          <Badge tone="green">Activated</Badge>
        ) : (
          <Badge tone="amber">Pending</Badge>
        ),
    },
    {
      header: 'Action',
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-2">
          <ActivationCell certificate={c} onActivate={onActivate} activating={isActivating(c)} />
          {onRevocation && (
            <Button
              size="sm"
              variant={c.revoked_at ? 'outline' : 'danger'}
              onClick={() => onRevocation({ kind: c.revoked_at ? 'reinstate' : 'revoke', certificate: c })}
              aria-label={`${c.revoked_at ? 'Reinstate' : 'Revoke'} certificate ${c.certificate_id}`}
            >
              {c.revoked_at ? 'Reinstate' : 'Revoke'}
            </Button>
          )}
        </span>
      ),
    },
  ];
}

/** Activated: ready; pending: the Activate button; revoked: the reason, for the admins only. */
function ActivationCell({
  certificate: c,
  onActivate,
  activating,
}: {
  certificate: AdminCertificate;
  onActivate: (certificate: AdminCertificate) => void;
  activating: boolean;
}) {
  if (c.revoked_at) return <span className="text-sm text-red-900">{c.revocation_reason}</span>;
  return c.activated ? (
    <span className="font-medium text-emerald-800">Ready for Download</span>
  ) : (
    <Button
      size="sm"
      onClick={() => onActivate(c)}
      loading={activating}
      aria-label={`Activate certificate ${c.certificate_id}`}
    >
      Activate
    </Button>
  );
}
