import { messages } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { usePayments } from '../api/payments';
import { DataTable } from './data-table';
import { PAGE_SIZE } from './list-parts';
import { paymentColumns } from './payment-columns';
import { PaymentsToolbar } from './payments-toolbar';
import { amountText } from './payment-labels';
import { RefundPaymentDialog } from './refund-payment-dialog';
import { useListFilters } from './use-list-filters';
import { usePaymentRowActions } from './use-payment-row-actions';

/** Every payment (card and manual), with filters, the pending count, and a full refund of a completed payment. */
export function PaymentsTab() {
  const { filters, setFilter, page, setPage } = useListFilters({
    search: '',
    status: '',
    type: '',
    method: '',
    flag: '',
  });
  const list = usePayments({ page, page_size: PAGE_SIZE, ...filters });
  const actions = usePaymentRowActions();
  const pendingCount = list.data?.pending_count ?? 0;

  return (
    <DataTable
      heading={
        <span className="flex items-center gap-2">
          Payments
          {pendingCount > 0 && <Badge tone="amber">{pendingCount} pending</Badge>}
        </span>
      }
      toolbar={<PaymentsToolbar filters={filters} setFilter={setFilter} />}
      query={list}
      empty={messages.admin.noPaymentsFound}
      columns={paymentColumns(actions.askRefund, actions.askReview)}
      rows={list.data?.payments ?? []}
      rowKey={(p) => p.id}
      pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
      after={
        <>
          <RefundPaymentDialog
            payment={actions.refunding}
            reason={actions.reason}
            onReason={actions.setReason}
            loading={actions.refundPending}
            onConfirm={actions.confirmRefund}
            onClose={actions.closeRefund}
          />
          <ConfirmDialog
            open={actions.reviewing !== null}
            onOpenChange={(open) => !open && actions.closeReview()}
            title={messages.admin.markReviewed}
            description={actions.reviewing ? messages.admin.confirmMarkReviewed(amountText(actions.reviewing)) : ''}
            confirmLabel={messages.admin.markReviewed}
            loading={actions.reviewPending}
            onConfirm={actions.confirmReview}
          />
        </>
      }
    />
  );
}
