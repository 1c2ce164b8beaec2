import { useCallback, useState } from 'react';

/**
 * An admin list's filters and page: changing a filter goes back to page 1. `setFilter` keeps its
 * identity, so a SearchBox callback built on it does not re-run the box's debounce effect.
 */
export function useListFilters<Filters extends Record<string, string>>(initial: Filters) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = useCallback((key: keyof Filters, value: string) => {
    setFilters((current) => (current[key] === value ? current : { ...current, [key]: value }));
    setPage(1);
  }, []);
  return { filters, setFilter, page, setPage };
}
