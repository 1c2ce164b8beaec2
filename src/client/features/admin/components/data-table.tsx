/**
 * The frame every admin tab shares: a heading, an optional toolbar (search, filters), the list in
 * its loading/error/empty state, and pagination. `DataTable` puts a table in that frame; the tabs
 * that show cards (progress, ID verification, messages) use `ListSection` with their own list.
 */
import { Fragment, useId, type Key, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { useMediaQuery } from '@client/lib/use-media-query';
import { ListState, PAGE_SIZE, Pagination } from './list-parts';

/** What the frame needs from the tab's TanStack query. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListPagination {
  page: number;
  total: number;
  onPage: (page: number) => void;
}

export interface ListSectionProps {
  /** The section's h2 (it also names the table). */
  heading: ReactNode;
  query: ListQueryState;
  /** Shown in place of the list when there are no rows. */
  empty: string;
  /** Above the list: search box, filters, buttons. */
  toolbar?: ReactNode;
  pagination?: ListPagination;
  /** Beside the pagination, e.g. "Showing 5 of 5 students". */
  summary?: ReactNode;
  /** After the list: the tab's dialogs. */
  after?: ReactNode;
}

export function ListSection({
  heading,
  headingId,
  query,
  isEmpty,
  empty,
  toolbar,
  pagination,
  summary,
  after,
  children,
}: ListSectionProps & { headingId?: string; isEmpty: boolean; children: ReactNode }) {
  const ownId = useId();
  const id = headingId ?? ownId;
  const pager = pagination && (
    <Pagination page={pagination.page} pageSize={PAGE_SIZE} total={pagination.total} onPage={pagination.onPage} />
  );
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {heading}
      </h2>
      {toolbar}
      <ListState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={isEmpty}
        empty={empty}
        onRetry={() => query.refetch()}
      >
        {children}
      </ListState>
      {summary ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">{summary}</p>
          {pager}
        </div>
      ) : (
        pager
      )}
      {after}
    </section>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cells. */
  className?: string;
  /**
   * In the phone card list: `title` heads the card, `actions` ends it (without a label); any other
   * column is a label/value line.
   */
  card?: 'title' | 'actions';
}

export interface DataTableProps<Row> extends ListSectionProps {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** data-testid of every body row (`<rowTestId>-card` for the phone cards). */
  rowTestId?: string;
  /** Below 640 px, a list of cards instead of a table that scrolls sideways. */
  cardsOnPhones?: boolean;
}

const thClasses = 'px-3 py-2 font-semibold text-slate-700';
const tdClasses = 'px-3 py-3 align-top';

/**
 * An admin list as a table, named by the section's heading; it scrolls sideways in its own box on
 * narrow screens, or (with `cardsOnPhones`) becomes a list of cards below 640 px.
 */
export function DataTable<Row>({ columns, rows, rowKey, rowTestId, cardsOnPhones, ...section }: DataTableProps<Row>) {
  const headingId = useId();
  const phone = useMediaQuery('(max-width: 639.98px)');
  if (cardsOnPhones && phone) {
    const title = columns.find((c) => c.card === 'title');
    const actions = columns.find((c) => c.card === 'actions');
    const lines = columns.filter((c) => !c.card);
    return (
      <ListSection {...section} headingId={headingId} isEmpty={rows.length === 0}>
        <ul aria-labelledby={headingId} className="space-y-3">
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              data-testid={rowTestId && `${rowTestId}-card`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              {title && <div className="mb-3">{title.cell(row)}</div>}
              <dl className="grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-3 gap-y-2 text-sm">
                {lines.map((column) => (
                  <Fragment key={column.header}>
                    <dt className="text-slate-600">{column.header}</dt>
                    <dd className={cn('min-w-0', column.className)}>{column.cell(row)}</dd>
                  </Fragment>
                ))}
              </dl>
              {actions && <div className="mt-4 border-t border-slate-100 pt-3">{actions.cell(row)}</div>}
            </li>
          ))}
        </ul>
      </ListSection>
    );
  }
  return (
    <ListSection {...section} headingId={headingId} isEmpty={rows.length === 0}>
      {/* Its own sideways scroll on narrow screens: focusable, so the keyboard scrolls it too (axe
          scrollable-region-focusable), and named by the heading (a group: the section is the landmark). */}
      <div
        role="group"
        aria-labelledby={headingId}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <table aria-labelledby={headingId} className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={thClasses}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.header} className={cn(tdClasses, column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListSection>
  );
}
