import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import { formatPence, poundsToPence } from '@shared/money';
import { messages } from '@shared/messages';
import type { AdminErasureRequest } from '@shared/schemas/privacy';
import { useErasureRequests } from '../api/erasure-requests';
import { DataTable, type Column } from './data-table';
import { EraseAccountDialog, nameOf, RefuseErasureDialog } from './erasure-decision-dialogs';
import { FilterSelect, PAGE_SIZE } from './list-parts';
import { useErasureDecisions, type ErasureDecisions } from './use-erasure-decisions';

const text = messages.privacy;
const STATUS_TONE = { requested: 'amber', carried_out: 'green', refused: 'slate' } as const;

/** Erasure requests (owners): carry one out (the account is erased) or refuse it with a reason. */
export function ErasureRequestsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('requested');
  const requests = useErasureRequests({ page, page_size: PAGE_SIZE, status });
  const decisions = useErasureDecisions();

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
        columns={erasureColumns(decisions)}
        rows={requests.data?.requests ?? []}
        rowKey={(r) => r.id}
        pagination={{ page, total: requests.data?.total ?? 0, onPage: setPage }}
      />
      <EraseAccountDialog
        request={decisions.eraseFor}
        loading={decisions.pending}
        onConfirm={decisions.carryOut}
        onClose={decisions.closeErase}
      />
      <RefuseErasureDialog
        request={decisions.refuseFor}
        reason={decisions.reason}
        onReason={decisions.setReason}
        loading={decisions.pending}
        onConfirm={decisions.refuse}
        onClose={decisions.closeRefuse}
      />
    </>
  );
}

/** The requests table's columns; a waiting request has Carry out and Refuse buttons. */
function erasureColumns(decisions: ErasureDecisions): Array<Column<AdminErasureRequest>> {
  return [
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
            <Button size="sm" variant="danger" onClick={() => decisions.askErase(r)} aria-label={`Erase ${nameOf(r)}`}>
              {text.adminCarryOut}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => decisions.askRefuse(r)}
              aria-label={`Refuse ${nameOf(r)}`}
            >
              {text.adminRefuse}
            </Button>
          </div>
        ) : null,
    },
  ];
}
