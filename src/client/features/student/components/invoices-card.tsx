import { Download, ReceiptText } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { useDownloadInvoice, useInvoices } from '../api/invoices';

const m = messages.invoices;

/** The student's invoices and credit notes (docs/product/payments.md#invoices), newest first, each a PDF. */
export function InvoicesCard({ studentId }: { studentId: string }) {
  const invoices = useInvoices(studentId);
  const download = useDownloadInvoice();
  const list = [...(invoices.data?.invoices ?? [])].reverse();

  return (
    <Card role="region" aria-labelledby="invoices-heading" className="space-y-3">
      <h2 id="invoices-heading" className="flex items-center gap-2 text-lg font-bold">
        <ReceiptText className="size-5 text-brand-700" aria-hidden /> {m.title}
      </h2>
      <p className="text-sm text-slate-700">{m.intro}</p>
      {invoices.isPending ? (
        <Spinner label="Loading your invoices…" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {m.loadFailed}{' '}
          <Button variant="ghost" size="sm" onClick={() => void invoices.refetch()}>
            Try again
          </Button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-700">{m.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="invoices">
          {list.map((invoice) => (
            <li key={invoice.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="text-sm">
                <p className="font-semibold text-slate-900">
                  {m.kind[invoice.kind]} {invoice.number}
                </p>
                <p className="text-slate-700">
                  {formatDate(invoice.issued_at)} ·{' '}
                  {invoice.kind === 'credit_note'
                    ? `−${formatPence(invoice.total_pence)}`
                    : formatPence(invoice.total_pence)}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={download.isPending && download.variables?.number === invoice.number}
                onClick={() =>
                  download.mutate(invoice, { onError: (error) => toast.error(errorDetail(error, m.downloadFailed)) })
                }
              >
                <Download className="size-4" aria-hidden /> {m.download}
                <span className="sr-only">
                  {' '}
                  {m.kind[invoice.kind]} {invoice.number}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
