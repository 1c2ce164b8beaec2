import { useState } from 'react';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { auditActionLabel, COMPLETION_STATUS_LABELS } from '@shared/statuses';
import { type AuditEntry } from '@shared/schemas/admin';
import { SETTING_LABELS, type SettingKey } from '@shared/site-settings';
import { formatDate } from '@client/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** A short human reading of the entry's details. */
function detailText(entry: AuditEntry): string {
  const d = entry.details ?? {};
  if (entry.action === 'student.status_changed' && typeof d.to === 'string') {
    return `to ${COMPLETION_STATUS_LABELS[d.to as keyof typeof COMPLETION_STATUS_LABELS] ?? d.to}`;
  }
  if (entry.action === 'student.marked_paid' && typeof d.amount_pence === 'number') {
    return `${String(d.payment_type)} · ${formatPence(Number(d.amount_pence))}`;
  }
  if (entry.action === 'id.rejected' && typeof d.rejection_reason === 'string') return d.rejection_reason;
  if (typeof d.certificate_id === 'string') return d.certificate_id;
  if (entry.action === 'settings.updated') {
    // Each changed key with its new value ("default" when a saved value was cleared).
    return Object.entries(d)
      .map(([key, change]) => {
        const to = (change as { to?: unknown } | null)?.to;
        return `${SETTING_LABELS[key as SettingKey]?.label ?? key}: ${typeof to === 'string' ? to : 'default'}`;
      })
      .join(' · ');
  }
  if (entry.action.startsWith('cohort.') && typeof d.course_start_date === 'string') {
    const capacity = (d.capacity as { to?: unknown } | number | null | undefined) ?? null;
    const closed = (d.closed as { to?: unknown } | undefined)?.to;
    const limit = typeof capacity === 'object' && capacity !== null ? capacity.to : capacity;
    const parts = [formatDate(d.course_start_date)];
    if (entry.action !== 'cohort.deleted') parts.push(typeof limit === 'number' ? `capacity ${limit}` : 'no limit');
    if (typeof closed === 'boolean') parts.push(closed ? 'closed' : 'open');
    return parts.join(' · ');
  }
  return '';
}

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
