import { useCallback, useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { AdminEmail } from '@shared/schemas/admin-emails';
import { EMAIL_STATUSES } from '@shared/statuses';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { useAdminEmails, useResendEmail } from '../api/emails';
import { DataTable, type Column } from './data-table';
import { FilterSelect, PAGE_SIZE, SearchBox } from './list-parts';

/** "23 Nov 2026, 16:40" (UTC): the log needs the time as well as the day. */
const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

const STATUS_TONE = { sent: 'green', pending: 'amber', failed: 'red' } as const;
const STATUS_LABELS = { sent: 'Sent', pending: 'Pending', failed: 'Failed' } as const;

/** The email delivery log (never the bodies), by status and recipient, with "Send again" for a failed email. */
export function EmailsTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const emails = useAdminEmails({ page, page_size: PAGE_SIZE, search, status });
  const resend = useResendEmail();
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  const onResend = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(messages.admin.emailResent),
      onError: () => toast.error(messages.admin.emailResendFailed),
    });

  const columns: Array<Column<AdminEmail>> = [
    { header: 'Created', cell: (e) => formatDateTime(e.created_at) },
    { header: 'Recipient', cell: (e) => e.to },
    { header: 'Template', cell: (e) => e.template, className: 'font-mono' },
    { header: 'Status', cell: (e) => <Badge tone={STATUS_TONE[e.status]}>{STATUS_LABELS[e.status]}</Badge> },
    { header: 'Attempts', cell: (e) => e.attempts },
    { header: 'Sent', cell: (e) => (e.sent_at ? formatDateTime(e.sent_at) : '—') },
    { header: 'Last error', cell: (e) => e.last_error ?? '—' },
    {
      header: 'Action',
      cell: (e) =>
        e.status === 'failed' && e.template !== 'login-code' && e.template !== 'erasure-completed' ? (
          <Button
            size="sm"
            onClick={() => onResend(e.id)}
            loading={resend.isPending && resend.variables === e.id}
            aria-label={`Send again to ${e.to}`}
          >
            Send again
          </Button>
        ) : null,
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox label="Search recipients" placeholder="Email address" onSearch={onSearch} />
      <FilterSelect
        label="Status"
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        options={[['', 'All'], ...EMAIL_STATUSES.map((v): [string, string] => [v, STATUS_LABELS[v]])]}
      />
    </div>
  );

  return (
    <DataTable
      heading="Emails"
      toolbar={toolbar}
      query={emails}
      empty={search || status ? messages.admin.noEmailsFound : messages.admin.noEmails}
      columns={columns}
      rows={emails.data?.emails ?? []}
      rowKey={(e) => e.id}
      pagination={{ page, total: emails.data?.total ?? 0, onPage: setPage }}
    />
  );
}
