import { messages } from '@shared/messages';
import { useIsOwner } from '../api/admin-me';
import { useStudents } from '../api/get-students';
import { DataTable } from './data-table';
import { PAGE_SIZE } from './list-parts';
import { studentColumns } from './student-columns';
import { StudentDialogs } from './student-dialogs';
import { StudentsToolbar } from './students-toolbar';
import { useListFilters } from './use-list-filters';
import { useStudentRowActions } from './use-student-row-actions';

/** Student Management: the filtered, paged list, its row actions and their dialogs. */
export function StudentsTab() {
  const { filters, setFilter, page, setPage } = useListFilters({ search: '', status: '', course: '' });
  const students = useStudents({ ...filters, page, page_size: PAGE_SIZE });
  const actions = useStudentRowActions();
  // Mark Paid, Delete and Export are for owners (the server refuses staff; this only hides them).
  const isOwner = useIsOwner();
  const rows = students.data?.students ?? [];
  const total = students.data?.total ?? 0;

  return (
    <DataTable
      heading="Student Management"
      toolbar={<StudentsToolbar filters={filters} setFilter={setFilter} isOwner={isOwner} />}
      query={students}
      empty={messages.admin.noStudentsFound}
      columns={studentColumns(actions, isOwner)}
      rows={rows}
      rowKey={(s) => s.id}
      rowTestId="student-row"
      cardsOnPhones
      pagination={{ page, total, onPage: setPage }}
      summary={`Showing ${rows.length} of ${total.toLocaleString('en-GB')} students`}
      after={<StudentDialogs actions={actions} />}
    />
  );
}
