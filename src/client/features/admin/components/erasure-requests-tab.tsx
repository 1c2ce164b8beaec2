import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { formatPence, poundsToPence } from '@shared/money';
import { messages } from '@shared/messages';
import type { AdminErasureRequest } from '@shared/schemas/privacy';
import { useDecideErasure, useErasureRequests } from '../api/erasure-requests';
import { DataTable, type Column } from './data-table';
import { FilterSelect, PAGE_SIZE } from './list-parts';

const text = messages.privacy;
const STATUS_TONE = { requested: 'amber', carried_out: 'green', refused: 'slate' } as const;
const nameOf = (r: AdminErasureRequest) => r.student?.name ?? text.adminErasedStudent;

/** Erasure requests (owners): carry one out (the account is erased) or refuse it with a reason. */
export function ErasureRequestsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('requested');
  const requests = useErasureRequests({ page, page_size: PAGE_SIZE, status });
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

  const columns: Array<Column<AdminErasureRequest>> = [
    { header: 'Requested', cell: (r) => formatDate(r.requested_at) },
    {
      header: 'Student',
      card: 'title',
      cell: (r) =>
        r.student ? (
          <span>
            <span className="font-medium">{r.student.name}</span>
            <span className="block text-sm text-slate-600">{r.student.email}</span>
          </span>
        ) : (
          <span className="text-slate-600">{text.adminErasedStudent}</span>
        ),
    },
    { header: 'Paid', cell: (r) => (r.student ? formatPence(poundsToPence(r.student.total_paid)) : '—') },
    {
      header: 'Status',
      cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{text.statusLabels[r.status]}</Badge>,
    },
    { header: 'Decided', cell: (r) => (r.decided_at ? formatDate(r.decided_at) : '—') },
    { header: 'Reason', cell: (r) => r.refusal_reason ?? '—' },
    {
      header: 'Actions',
      card: 'actions',
      cell: (r) =>
        r.status === 'requested' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="danger" onClick={() => setEraseFor(r)} aria-label={`Erase ${nameOf(r)}`}>
              {text.adminCarryOut}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRefuseFor(r)} aria-label={`Refuse ${nameOf(r)}`}>
              {text.adminRefuse}
            </Button>
          </div>
        ) : null,
    },
  ];

  const toolbar = (
    <FilterSelect
      label="Show"
      value={status}
      onChange={(value) => {
        setStatus(value);
        setPage(1);
      }}
      options={[
        ['requested', 'Waiting'],
        ['all', 'All'],
      ]}
    />
  );

  return (
    <>
      <DataTable
        heading={text.adminTitle}
        toolbar={toolbar}
        query={requests}
        empty={status === 'requested' ? text.adminEmpty : text.adminEmptyAll}
        columns={columns}
        rows={requests.data?.requests ?? []}
        rowKey={(r) => r.id}
        pagination={{ page, total: requests.data?.total ?? 0, onPage: setPage }}
      />
      <ConfirmDialog
        open={eraseFor !== null}
        onOpenChange={(open) => !open && setEraseFor(null)}
        title="Erase this account?"
        description={eraseFor ? text.adminConfirmCarryOut(nameOf(eraseFor)) : ''}
        confirmLabel={text.adminCarryOut}
        tone="danger"
        loading={decide.isPending}
        onConfirm={() => eraseFor && onDecide(eraseFor)}
      />
      <ConfirmDialog
        open={refuseFor !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRefuseFor(null);
            setReason('');
          }
        }}
        title="Refuse this request?"
        description={refuseFor ? `${nameOf(refuseFor)}: ${text.adminRefusePrompt}` : ''}
        confirmLabel={text.adminRefuse}
        loading={decide.isPending}
        disabled={reason.trim() === ''}
        onConfirm={() => refuseFor && onDecide(refuseFor, reason.trim())}
      >
        <TextAreaField label="Reason" value={reason} onChange={setReason} />
      </ConfirmDialog>
    </>
  );
}
