import { useState } from 'react';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { auditActionLabel, COMPLETION_STATUS_LABELS } from '@shared/statuses';
import { type AuditEntry } from '@shared/schemas/admin';
import { useAuditLog } from '../api/get-audit-log';
import { ListState, PAGE_SIZE, Pagination, tableClasses, tdClasses, thClasses } from './list-parts';

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
  return '';
}

export function ActivityTab() {
  const [page, setPage] = useState(1);
  const audit = useAuditLog({ page, page_size: PAGE_SIZE });
  const rows = audit.data?.entries ?? [];
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <h2 id="activity-heading" className="text-xl font-semibold">
        Activity
      </h2>
      <ListState
        isPending={audit.isPending}
        isError={audit.isError}
        isEmpty={rows.length === 0}
        empty={messages.admin.noActivity}
        onRetry={() => audit.refetch()}
      >
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className={tableClasses}>
            <thead className="bg-slate-50">
              <tr>
                {['When', 'Who', 'What', 'Student', 'Details'].map((h) => (
                  <th key={h} scope="col" className={thClasses}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((e) => (
                <tr key={e.id}>
                  <td className={tdClasses}>
                    <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time>
                  </td>
                  <td className={tdClasses}>{e.admin_username}</td>
                  <td className={tdClasses}>{auditActionLabel(e.action)}</td>
                  <td className={tdClasses}>{e.student_name ?? (e.student_id ? 'Deleted student' : '—')}</td>
                  <td className={tdClasses}>{detailText(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <Pagination page={page} pageSize={PAGE_SIZE} total={audit.data?.total ?? 0} onPage={setPage} />
    </section>
  );
}
