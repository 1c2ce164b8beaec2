import { useCallback } from 'react';
import { PAYMENT_TYPES } from '@shared/catalogue';
import { PAYMENT_FLAGS } from '@shared/schemas/admin-payments';
import { FilterSelect, SearchBox } from './list-parts';
import { FLAG_LABELS, STATUS_BADGES, TYPE_LABELS } from './payment-labels';

export interface PaymentFilters {
  search: string;
  status: string;
  type: string;
  method: string;
  flag: string;
}

/** Above the payments list: search, and the status, type, method and Square filters. */
export function PaymentsToolbar({
  filters,
  setFilter,
}: {
  filters: PaymentFilters;
  setFilter: (key: keyof PaymentFilters, value: string) => void;
}) {
  const onSearch = useCallback((value: string) => setFilter('search', value), [setFilter]);
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox label="Search students" onSearch={onSearch} />
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(v) => setFilter('status', v)}
        options={[['', 'All'], ...Object.entries(STATUS_BADGES).map(([v, b]): [string, string] => [v, b.label])]}
      />
      <FilterSelect
        label="Type"
        value={filters.type}
        onChange={(v) => setFilter('type', v)}
        options={[['', 'All'], ...PAYMENT_TYPES.map((v): [string, string] => [v, TYPE_LABELS[v]])]}
      />
      <FilterSelect
        label="Method"
        value={filters.method}
        onChange={(v) => setFilter('method', v)}
        options={[
          ['', 'All'],
          ['card', 'Card'],
          ['manual', 'Manual'],
        ]}
      />
      <FilterSelect
        label="Square"
        value={filters.flag}
        onChange={(v) => setFilter('flag', v)}
        options={[['', 'All'], ...PAYMENT_FLAGS.map((v): [string, string] => [v, FLAG_LABELS[v]])]}
      />
    </div>
  );
}
