/** The addresses that unsubscribed (or an admin added): no reminder or broadcast goes to them. */
import { useState } from 'react';
import { messages } from '@shared/messages';
import { EmailText } from '@client/components/ui/email-text';
import { formatDate } from '@client/lib/format';
import { useSuppressions, type SuppressionItem } from '../api/broadcasts';
import { DataTable, type Column } from './data-table';
import { PAGE_SIZE } from './list-parts';

const m = messages.adminOutreach;

const COLUMNS: Array<Column<SuppressionItem>> = [
  { header: 'Email', card: 'title', cell: (s) => <EmailText email={s.email} className="font-medium" /> },
  { header: 'How', cell: (s) => m.suppressionSources[s.source] ?? s.source },
  { header: 'Since', cell: (s) => formatDate(s.created_at) },
];

export function SuppressionList() {
  const [page, setPage] = useState(1);
  const list = useSuppressions({ page, page_size: PAGE_SIZE });
  return (
    <DataTable
      heading={m.suppressionsTitle}
      toolbar={<p className="text-sm text-slate-700">{m.suppressionsNote}</p>}
      query={list}
      empty={m.suppressionsEmpty}
      columns={COLUMNS}
      rows={list.data?.suppressions ?? []}
      rowKey={(s) => s.email}
      rowTestId="suppression-row"
      cardsOnPhones
      pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
    />
  );
}
