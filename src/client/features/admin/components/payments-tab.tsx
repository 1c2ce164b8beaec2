import { useCallback, useState } from 'react';
import { toast } from '@client/lib/toast';
import { PAYMENT_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { formatPence, poundsToPence } from '@shared/money';
import {
  PAYMENT_FLAGS,
  type AdminPayment,
  type PaymentFlag,
  type PaymentViewStatus,
} from '@shared/schemas/admin-payments';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { usePayments, useRefundPayment } from '../api/payments';
import { DataTable, type Column } from './data-table';
import { FilterSelect, PAGE_SIZE, SearchBox } from './list-parts';

const STATUS_BADGES: Record<
  PaymentViewStatus,
  { tone: 'green' | 'amber' | 'red' | 'slate' | 'purple'; label: string }
> = {
  pending: { tone: 'amber', label: 'Pending' },
  completed: { tone: 'green', label: 'Completed' },
  failed: { tone: 'red', label: 'Failed' },
  refunded: { tone: 'slate', label: 'Refunded' },
  needs_review: { tone: 'purple', label: 'Needs review' },
};

const TYPE_LABELS: Record<(typeof PAYMENT_TYPES)[number], string> = {
  enrollment: 'Enrollment',
  course: 'Course',
  combined: 'Complete Package',
};

const FLAG_LABELS: Record<PaymentFlag, string> = {
  disputed: 'Disputed',
  refunded_elsewhere: 'Refunded elsewhere',
};

/** What Square reported beyond the status: a dispute (state, due date), a refund made at Square. */
function SquareFlags({ payment: p }: { payment: AdminPayment }) {
  const partly = p.status !== 'refunded' && p.refunded_amount > 0;
  if (!p.disputed && p.refund_source !== 'square' && !partly) return null;
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      {p.disputed && (
        <>
          <Badge tone="red">{messages.admin.disputedBadge(p.disputed.state)}</Badge>
          {p.disputed.due_at && (
            <span className="text-xs text-slate-600">{messages.admin.disputeDue(formatDate(p.disputed.due_at))}</span>
          )}
        </>
      )}
      {p.refund_source === 'square' &&
        (partly ? (
          <Badge tone="amber">{messages.admin.partlyRefunded(formatPence(poundsToPence(p.refunded_amount)))}</Badge>
        ) : (
          <Badge tone="slate">{messages.admin.refundedElsewhere}</Badge>
        ))}
    </div>
  );
}

const amountText = (p: AdminPayment) => formatPence(poundsToPence(p.amount));
const studentText = (p: AdminPayment) => p.student_name ?? 'Deleted student';

/** Every payment (card and manual), with filters, the pending count, and a full refund of a completed payment. */
export function PaymentsTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [method, setMethod] = useState('');
  const [flag, setFlag] = useState('');
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [reason, setReason] = useState('');
  const list = usePayments({ page, page_size: PAGE_SIZE, search, status, type, method, flag });
  const refund = useRefundPayment();
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

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

  const columns: Array<Column<AdminPayment>> = [
    {
      header: 'Student',
      cell: (p) => (
        <>
          <div className="font-semibold text-slate-900">{studentText(p)}</div>
          {p.email && <div className="break-all text-slate-600">{p.email}</div>}
        </>
      ),
    },
    { header: 'Purchase', cell: (p) => p.description ?? TYPE_LABELS[p.payment_type] },
    { header: 'Amount', cell: amountText },
    { header: 'Method', cell: (p) => (p.method === 'card' ? 'Card' : 'Manual') },
    {
      header: 'Status',
      cell: (p) => (
        <>
          <Badge tone={STATUS_BADGES[p.status].tone}>{STATUS_BADGES[p.status].label}</Badge>
          {p.status === 'failed' && p.failure_detail && (
            <div className="mt-1 text-xs text-slate-600">{p.failure_detail}</div>
          )}
          {p.status === 'refunded' && p.refund_reason && (
            <div className="mt-1 text-xs text-slate-600">{p.refund_reason}</div>
          )}
          <SquareFlags payment={p} />
        </>
      ),
    },
    {
      header: 'Reference',
      cell: (p) => p.provider_reference ?? '—',
      className: 'font-mono text-xs break-all',
    },
    {
      header: 'Date',
      cell: (p) => (
        <>
          <div>{formatDate(p.created_at)}</div>
          {p.refunded_at && <div className="text-xs text-slate-600">Refunded {formatDate(p.refunded_at)}</div>}
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (p) =>
        p.status === 'completed' || p.status === 'needs_review' ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Refund ${amountText(p)} to ${studentText(p)}`}
            onClick={() => {
              setReason('');
              setRefunding(p);
            }}
          >
            Refund
          </Button>
        ) : null,
    },
  ];

  const pendingCount = list.data?.pending_count ?? 0;
  const toolbar = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox label="Search students" onSearch={onSearch} />
      <FilterSelect
        label="Status"
        value={status}
        onChange={filter(setStatus)}
        options={[['', 'All'], ...Object.entries(STATUS_BADGES).map(([v, b]): [string, string] => [v, b.label])]}
      />
      <FilterSelect
        label="Type"
        value={type}
        onChange={filter(setType)}
        options={[['', 'All'], ...PAYMENT_TYPES.map((v): [string, string] => [v, TYPE_LABELS[v]])]}
      />
      <FilterSelect
        label="Method"
        value={method}
        onChange={filter(setMethod)}
        options={[
          ['', 'All'],
          ['card', 'Card'],
          ['manual', 'Manual'],
        ]}
      />
      <FilterSelect
        label="Square"
        value={flag}
        onChange={filter(setFlag)}
        options={[['', 'All'], ...PAYMENT_FLAGS.map((v): [string, string] => [v, FLAG_LABELS[v]])]}
      />
    </div>
  );

  return (
    <DataTable
      heading={
        <span className="flex items-center gap-2">
          Payments
          {pendingCount > 0 && <Badge tone="amber">{pendingCount} pending</Badge>}
        </span>
      }
      toolbar={toolbar}
      query={list}
      empty={messages.admin.noPaymentsFound}
      columns={columns}
      rows={list.data?.payments ?? []}
      rowKey={(p) => p.id}
      pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
      after={
        <ConfirmDialog
          open={refunding !== null}
          onOpenChange={(open) => !open && setRefunding(null)}
          title="Refund payment"
          description={refunding ? messages.admin.confirmRefund(amountText(refunding), studentText(refunding)) : ''}
          confirmLabel="Refund"
          tone="danger"
          loading={refund.isPending}
          onConfirm={reason.trim() ? confirmRefund : undefined}
        >
          <TextAreaField label="Reason (required)" value={reason} onChange={setReason} />
        </ConfirmDialog>
      }
    />
  );
}
