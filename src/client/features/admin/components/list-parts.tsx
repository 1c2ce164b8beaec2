/** Small pieces of the admin lists (data-table.tsx puts them together): the search box, pagination, and loading/error/empty states. */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { inputClasses } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { messages } from '@shared/messages';

export const PAGE_SIZE = 25;

/** A search box that reports its value 300 ms after typing stops. */
export function SearchBox({
  label,
  onSearch,
  placeholder = 'Name or email',
}: {
  label: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), 300);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={`${inputClasses} h-10`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={placeholder}
      />
    </div>
  );
}

/** A labelled drop-down filter of an admin list; `options` are [value, label] pairs. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<[string, string]>;
}) {
  return (
    <label className="block space-y-1 text-sm font-medium text-slate-800">
      <span className="block">{label}</span>
      <select className={`${inputClasses} h-10`} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages.toLocaleString('en-GB')}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Loading, error or empty state in place of a list; renders `children` when there are rows. */
export function ListState({
  isPending,
  isError,
  isEmpty,
  empty,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  empty: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (isPending) return <Spinner />;
  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center text-red-800">
        <p>{messages.admin.listLoadFailed}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty) return <p className="p-8 text-center text-slate-600">{empty}</p>;
  return <>{children}</>;
}
