import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { AdminCertificate } from '@shared/schemas/certificates';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import { useActivateCertificate } from '../api/activate-certificate';
import { useAdminCertificates } from '../api/get-certificates';
import { CompletionConfirmDialog } from './completion-confirm-dialog';
import { conflictMessage } from './conflict-message';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

export function CertificatesTab() {
  const [page, setPage] = useState(1);
  const certificates = useAdminCertificates({ page, page_size: PAGE_SIZE });
  const activate = useActivateCertificate();
  const [confirming, setConfirming] = useState<AdminCertificate | null>(null);

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
          }
        }
        title={messages.admin.completionCheck.activateTitle}
        question={confirming ? messages.admin.completionCheck.activateQuestion(confirming.student_name) : ''}
        confirmLabel="Activate"
        loading={activate.isPending}
        onConfirm={(confirmIncomplete) => confirming && onActivate(confirming.certificate_id, confirmIncomplete)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

/** The certificates table's columns; a pending certificate has an Activate button (asked first). */
function certificateColumns({
  onActivate,
  isActivating,
}: {
  onActivate: (certificate: AdminCertificate) => void;
  isActivating: (certificate: AdminCertificate) => boolean;
}): Array<Column<AdminCertificate>> {
  return [
    { header: 'Certificate ID', cell: (c) => c.certificate_id, className: 'font-mono' },
    { header: 'Student', cell: (c) => c.student_name },
    { header: 'Course', cell: (c) => COURSES[c.course_type].title },
    { header: 'Completion Date', cell: (c) => formatDate(c.completion_date) },
    {
      header: 'Status',
      cell: (c) => (c.activated ? <Badge tone="green">Activated</Badge> : <Badge tone="amber">Pending</Badge>),
    },
    {
      header: 'Action',
      cell: (c) =>
        c.activated ? (
          <span className="font-medium text-emerald-800">Ready for Download</span>
        ) : (
          <Button
            size="sm"
            onClick={() => onActivate(c)}
            loading={isActivating(c)}
            aria-label={`Activate certificate ${c.certificate_id}`}
          >
            Activate
          </Button>
        ),
    },
  ];
}
