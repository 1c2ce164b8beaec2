import { useId, useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { cohortCreateBody, type CohortItem } from '@shared/schemas/admin-school';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field, inputClasses } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useAddCohort, useCohorts, useCohortWaitlist, useDeleteCohort, useUpdateCohort } from '../api/school';
import { DataTable, type Column } from './data-table';

/** '' → null (no limit); anything else as a number for the shared schema to judge. */
const capacityValue = (text: string) => (text.trim() === '' ? null : Number(text));

/** Places taken: paid, held by a live checkout hold, kept for a waitlist offer. */
const taken = (cohort: CohortItem) => cohort.enrolled + cohort.held + cohort.offered;

function cohortState(cohort: CohortItem) {
  if (cohort.closed) return <Badge tone="red">Closed</Badge>;
  if (cohort.capacity !== null && taken(cohort) >= cohort.capacity) return <Badge tone="amber">Full</Badge>;
  return <Badge tone="green">Open</Badge>;
}

/** The owner's course start dates: add, close or reopen, change the capacity, delete one nobody chose. */
export function CohortsTab() {
  const cohorts = useCohorts();
  const update = useUpdateCohort();
  const remove = useDeleteCohort();
  const [deleteFor, setDeleteFor] = useState<CohortItem | null>(null);
  const [waitlistFor, setWaitlistFor] = useState<string | null>(null);

  const onToggle = (cohort: CohortItem) =>
    update.mutate(
      { date: cohort.course_start_date, closed: !cohort.closed },
      {
        onSuccess: () => toast.success(messages.admin.cohortUpdated),
        onError: (error) => toast.error(errorDetail(error, messages.admin.cohortSaveFailed)),
      },
    );

  const onDelete = () =>
    deleteFor &&
    remove.mutate(deleteFor.course_start_date, {
      onSuccess: () => {
        toast.success(messages.admin.cohortDeleted);
        setDeleteFor(null);
      },
      onError: (error) => {
        toast.error(errorDetail(error, messages.admin.cohortSaveFailed));
        setDeleteFor(null);
      },
    });

  return (
    <DataTable
      heading="Course start dates"
      toolbar={<AddCohortForm />}
      query={cohorts}
      empty={messages.admin.noCohorts}
      columns={cohortColumns({
        onToggle,
        isToggling: (c) =>
          update.isPending && update.variables?.date === c.course_start_date && 'closed' in update.variables,
        onDelete: setDeleteFor,
        onWaitlist: setWaitlistFor,
      })}
      rows={cohorts.data?.cohorts ?? []}
      rowKey={(c) => c.course_start_date}
      rowTestId="cohort-row"
      cardsOnPhones
      after={
        <>
          <DeleteCohortDialog
            cohort={deleteFor}
            loading={remove.isPending}
            onConfirm={onDelete}
            onClose={() => setDeleteFor(null)}
          />
          <WaitlistDialog date={waitlistFor} onClose={() => setWaitlistFor(null)} />
        </>
      }
    />
  );
}

/** The start dates table's columns: its Close/Reopen and Delete buttons act through the callbacks. */
function cohortColumns({
  onToggle,
  isToggling,
  onDelete,
  onWaitlist,
}: {
  onToggle: (cohort: CohortItem) => void;
  isToggling: (cohort: CohortItem) => boolean;
  onDelete: (cohort: CohortItem) => void;
  onWaitlist: (date: string) => void;
}): Array<Column<CohortItem>> {
  return [
    {
      header: 'Start date',
      card: 'title',
      cell: (c) => <span className="font-semibold">{formatDate(c.course_start_date)}</span>,
    },
    { header: 'State', cell: cohortState },
    {
      header: 'Places taken',
      cell: (c) => (
        <div data-testid="cohort-places">
          <span className="font-semibold">{messages.admin.cohortPlaces(String(taken(c)), c.capacity)}</span>
          <span className="block text-sm text-slate-700">
            {c.enrolled} paid · {c.held} held{c.offered > 0 ? ` · ${c.offered} offered` : ''}
          </span>
        </div>
      ),
    },
    {
      header: 'Waitlist',
      cell: (c) => (
        <Button size="sm" variant="outline" onClick={() => onWaitlist(c.course_start_date)}>
          Waitlist ({c.waiting + c.offered})<span className="sr-only"> for {formatDate(c.course_start_date)}</span>
        </Button>
      ),
    },
    { header: 'Capacity', cell: (c) => <CapacityEditor cohort={c} /> },
    {
      header: 'Actions',
      card: 'actions',
      cell: (c) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => onToggle(c)} loading={isToggling(c)}>
            {c.closed ? 'Reopen' : 'Close'}
            <span className="sr-only"> {formatDate(c.course_start_date)}</span>
          </Button>
          <Button size="sm" variant="danger" onClick={() => onDelete(c)}>
            Delete<span className="sr-only"> {formatDate(c.course_start_date)}</span>
          </Button>
        </div>
      ),
    },
  ];
}

/** Asks before deleting a start date (the server refuses one a student chose); `cohort` null: closed. */
function DeleteCohortDialog({
  cohort,
  loading,
  onConfirm,
  onClose,
}: {
  cohort: CohortItem | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={cohort !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete start date"
      description={cohort ? messages.admin.cohortDeleteConfirm(formatDate(cohort.course_start_date)) : ''}
      confirmLabel="Delete"
      tone="danger"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** A start date's waitlist, first in line first, with when each was offered a place. */
function WaitlistDialog({ date, onClose }: { date: string | null; onClose: () => void }) {
  const waitlist = useCohortWaitlist(date);
  const entries = waitlist.data?.waitlist ?? [];
  return (
    <ConfirmDialog
      open={date !== null}
      onOpenChange={(open) => !open && onClose()}
      title={date ? messages.admin.cohortWaitlistTitle(formatDate(date)) : ''}
      description={messages.admin.cohortWaitlistNote}
      confirmLabel="Close"
    >
      <div className="mt-4 max-h-80 overflow-y-auto" data-testid="cohort-waitlist">
        {waitlist.isPending ? (
          <Spinner label="Loading the waitlist…" />
        ) : waitlist.isError ? (
          <p className="text-sm text-red-700">{messages.admin.cohortWaitlistFailed}</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-700">{messages.admin.cohortWaitlistEmpty}</p>
        ) : (
          <ol className="space-y-2">
            {entries.map((entry) => (
              <li key={entry.email} className="rounded-lg border border-slate-200 p-2 text-sm">
                <span className="font-semibold">{entry.first_name}</span> · {entry.email}
                <span className="block text-slate-700">
                  Joined {formatDate(entry.joined_at)}
                  {entry.offered_at ? ` · offered a place ${formatDate(entry.offered_at)}` : ' · waiting'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </ConfirmDialog>
  );
}

function AddCohortForm() {
  const add = useAddCohort();
  const [date, setDate] = useState('');
  const [capacity, setCapacity] = useState('');
  const [errors, setErrors] = useState<{ date?: string; capacity?: string }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = cohortCreateBody.safeParse({ course_start_date: date, capacity: capacityValue(capacity) });
    if (!checked.success) {
      const issue = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ date: issue('course_start_date'), capacity: issue('capacity') });
      return;
    }
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: () => {
        toast.success(messages.admin.cohortAdded);
        setDate('');
        setCapacity('');
      },
      onError: (error) => toast.error(errorDetail(error, messages.admin.cohortSaveFailed)),
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a start date"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start"
    >
      <Field
        label="New start date"
        type="date"
        required
        value={date}
        error={errors.date}
        onChange={(e) => setDate(e.target.value)}
        className="sm:w-52"
      />
      <Field
        label="Capacity"
        type="number"
        inputMode="numeric"
        min={1}
        hint="Empty: no limit"
        value={capacity}
        error={errors.capacity}
        onChange={(e) => setCapacity(e.target.value)}
        className="sm:w-40"
      />
      <Button type="submit" loading={add.isPending} className="sm:mt-6">
        Add start date
      </Button>
    </form>
  );
}

function CapacityEditor({ cohort }: { cohort: CohortItem }) {
  const id = useId();
  const update = useUpdateCohort();
  const [value, setValue] = useState(cohort.capacity === null ? '' : String(cohort.capacity));
  const unchanged = capacityValue(value) === cohort.capacity;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { date: cohort.course_start_date, capacity: capacityValue(value) },
      {
        onSuccess: () => toast.success(messages.admin.cohortUpdated),
        onError: (error) => toast.error(errorDetail(error, messages.admin.cohortSaveFailed)),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Capacity of {formatDate(cohort.course_start_date)} (empty: no limit)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        placeholder="No limit"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className={`${inputClasses} h-8 w-28 py-1 text-sm`}
      />
      <Button type="submit" size="sm" variant="outline" disabled={unchanged} loading={update.isPending}>
        Save<span className="sr-only"> capacity of {formatDate(cohort.course_start_date)}</span>
      </Button>
    </form>
  );
}
