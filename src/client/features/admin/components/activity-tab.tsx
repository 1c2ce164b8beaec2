import { useState } from 'react';
import { messages } from '@shared/messages';
import { auditActionLabel } from '@shared/statuses';
import { type AuditEntry } from '@shared/schemas/admin';
import { useAuditLog } from '../api/get-audit-log';
import { detailText } from './activity-details';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

const columns: Array<Column<AuditEntry>> = [
  { header: 'When', cell: (e) => <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time> },
  { header: 'Who', cell: (e) => e.admin_username },
  { header: 'What', cell: (e) => auditActionLabel(e.action) },
  { header: 'Student', cell: (e) => e.student_name ?? (e.student_id ? 'Deleted student' : '—') },
  { header: 'Details', cell: detailText },
];

export function ActivityTab() {
  const [page, setPage] = useState(1);
  const audit = useAuditLog({ page, page_size: PAGE_SIZE });
  return (
    <DataTable
      heading="Activity"
      query={audit}
      empty={messages.admin.noActivity}
      columns={columns}
      rows={audit.data?.entries ?? []}
      rowKey={(e) => e.id}
      pagination={{ page, total: audit.data?.total ?? 0, onPage: setPage }}
    />
  );
}
