import { messages } from '@shared/messages';
import { formatPence, poundsToPence } from '@shared/money';
import type { AdminPayment } from '@shared/schemas/admin-payments';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { Download } from 'lucide-react';
import { useDownloadInvoice } from '../api/payments';
import type { Column } from './data-table';
import { amountText, STATUS_BADGES, studentText, TYPE_LABELS } from './payment-labels';

/** What was charged, and under it what a promo code took off. */
function AmountCell({ payment: p }: { payment: AdminPayment }) {
  return (
    <>
      <div>{amountText(p)}</div>
      {p.promo_code && (
        <div className="text-xs text-slate-600">
          {formatPence(p.discount_pence)} off with {p.promo_code}
        </div>
      )}
    </>
  );
}

/** The provider's reference, and the payment's invoice with its PDF. */
function ReferenceCell({ payment: p }: { payment: AdminPayment }) {
  const download = useDownloadInvoice();
  const { invoice_number: number, invoice_url: url } = p;
  return (
    <>
      <div>{p.provider_reference ?? '—'}</div>
      {number &&
        (url ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 px-1 font-sans"
            // A label, not a visually hidden span: absolutely placed inside the table's scroll box, that
            // span widened the whole page on a phone.
            aria-label={`Download invoice ${number}`}
            loading={download.isPending}
            onClick={() =>
              download.mutate(
                { url, number },
                { onError: (error) => toast.error(errorDetail(error, messages.invoices.downloadFailed)) },
              )
            }
          >
            <Download className="size-3.5" aria-hidden /> {number}
          </Button>
        ) : (
          <div className="mt-1 font-sans text-slate-700">{number}</div>
        ))}
    </>
  );
}

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

/** The status badge, with why it failed or was refunded, and Square's flags. */
function PaymentStatusCell({ payment: p }: { payment: AdminPayment }) {
  return (
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
  );
}

/**
 * The payments table's columns; a completed (or needs-review) payment has a Refund button, and a
 * needs-review one a Mark reviewed button.
 */
export function paymentColumns(
  onRefund: (payment: AdminPayment) => void,
  onReview: (payment: AdminPayment) => void,
): Array<Column<AdminPayment>> {
  return [
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
    { header: 'Amount', cell: (p) => <AmountCell payment={p} /> },
    {
      header: 'Method',
      cell: (p) => (
        <>
          <div>{p.method === 'card' ? 'Card' : 'Manual'}</div>
          {p.terms_version && p.terms_accepted_at && (
            <div className="text-xs text-slate-600">
              {messages.admin.termsAccepted(p.terms_version, formatDate(p.terms_accepted_at))}
            </div>
          )}
        </>
      ),
    },
    { header: 'Status', cell: (p) => <PaymentStatusCell payment={p} /> },
    {
      header: 'Reference',
      cell: (p) => <ReferenceCell payment={p} />,
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
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Refund ${amountText(p)} to ${studentText(p)}`}
              onClick={() => onRefund(p)}
            >
              Refund
            </Button>
            {p.status === 'needs_review' && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`${messages.admin.markReviewed}: ${amountText(p)}, ${studentText(p)}`}
                onClick={() => onReview(p)}
              >
                {messages.admin.markReviewed}
              </Button>
            )}
          </div>
        ) : null,
    },
  ];
}
