import { Download } from 'lucide-react';
import { useCallback } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { useExportStudentsCsv } from '../api/export-students-csv';
import { FilterSelect, SearchBox } from './list-parts';

export interface StudentFilters {
  search: string;
  status: string;
  course: string;
}

/** Above the student list: search, the status and course filters, and (owners) the CSV export of what they select. */
export function StudentsToolbar({
  filters,
  setFilter,
  isOwner,
}: {
  filters: StudentFilters;
  setFilter: (key: keyof StudentFilters, value: string) => void;
  isOwner: boolean;
}) {
  const onSearch = useCallback((value: string) => setFilter('search', value), [setFilter]);
  const { state: exportState, exportCsv } = useExportStudentsCsv();

  async function onExport() {
    try {
      const count = await exportCsv(filters);
      toast.success(messages.admin.exportDone(count));
    } catch {
      toast.error(messages.admin.exportFailed);
    }
  }

  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchBox label="Search students" onSearch={onSearch} />
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          options={[
            ['', 'All'],
            ['enrolled', 'Enrolled'],
            ['in_progress', 'In Progress'],
            ['completed', 'Completed'],
          ]}
        />
        <FilterSelect
          label="Course"
          value={filters.course}
          onChange={(v) => setFilter('course', v)}
          options={[
            ['', 'All'],
            ['foundation', 'Foundation'],
            ['pro', 'Pro'],
          ]}
        />
        {isOwner && (
          <Button variant="secondary" onClick={onExport} loading={exportState.status === 'downloading'}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {exportState.status === 'downloading' &&
          `Exporting… ${Math.round(exportState.bytes / 1024).toLocaleString('en-GB')} KB received`}
      </p>
    </>
  );
}
