/** The broadcasts so far, newest first, with what became of each: recipients, queued, skipped, sent, failed. */
import { useState } from 'react';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { Broadcast, BroadcastSegment } from '@shared/schemas/admin-outreach';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import { useBroadcasts } from '../api/broadcasts';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

const m = messages.adminOutreach;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "Foundation Course · starts 5 January 2026 · fee paid", or "Every student". */
export function segmentText(segment: BroadcastSegment): string {
  const parts = [
    segment.course ? COURSES[segment.course].title : null,
    segment.start_date ? `starts ${formatDate(segment.start_date)}` : null,
    segment.paid === undefined
      ? null
      : segment.paid
        ? m.paidOptions.paid.toLowerCase()
        : m.paidOptions.unpaid.toLowerCase(),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Every student';
}

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-GB'));

const COLUMNS: Array<Column<Broadcast>> = [
  {
    header: 'Broadcast',
    card: 'title',
    cell: (b) => (
      <span>
        <span className="block font-semibold break-words">{b.subject}</span>
        <span className="block text-sm text-slate-700">{segmentText(b.segment)}</span>
      </span>
    ),
  },
  {
    header: 'Sent',
    cell: (b) =>
      b.sent_at ? (
        <span>
          {when.format(new Date(b.sent_at))}
          {b.sent_by ? <span className="block text-sm text-slate-700">by {b.sent_by}</span> : null}
        </span>
      ) : (
        <span>
          <Badge tone="slate">{m.notSent}</Badge>
          <span className="block text-sm text-slate-700">
            drafted {when.format(new Date(b.created_at))} by {b.created_by}
          </span>
        </span>
      ),
  },
  { header: 'Recipients', cell: (b) => count(b.recipients) },
  { header: 'Queued', cell: (b) => count(b.queued) },
  { header: 'Skipped', cell: (b) => count(b.skipped) },
  { header: 'Delivered', cell: (b) => count(b.sent) },
  {
    header: 'Failed',
    cell: (b) => (b.failed > 0 ? <Badge tone="red">{count(b.failed)}</Badge> : count(b.failed)),
  },
];

export function BroadcastHistory() {
  const [page, setPage] = useState(1);
  const list = useBroadcasts({ page, page_size: PAGE_SIZE });
  return (
    <DataTable
      heading={m.historyTitle}
      query={list}
      empty={m.historyEmpty}
      columns={COLUMNS}
      rows={list.data?.broadcasts ?? []}
      rowKey={(b) => b.id}
      rowTestId="broadcast-row"
      cardsOnPhones
      pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
    />
  );
}
