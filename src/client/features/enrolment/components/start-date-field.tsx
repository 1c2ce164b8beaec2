import { useState } from 'react';
import * as Select from '@radix-ui/react-select';
import { ChevronDown } from 'lucide-react';
import { messages } from '@shared/messages';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import type { useCourseDates } from '../api/get-course-dates';
import { WaitlistForm, type WaitlistPerson } from './waitlist-form';

type CourseDate = CourseDatesResponse['schedule'][number];

/** "3 places left" only when few are left, and only when true. */
const FEW_PLACES = 5;
const fewPlaces = (entry: CourseDate) =>
  entry.places_left !== null && entry.places_left > 0 && entry.places_left <= FEW_PLACES
    ? messages.enrolment.placesLeft(entry.places_left)
    : null;

/**
 * Step 3's start date: the coming course dates to pick from (or why there are none), full ones shown
 * full with their waitlist, and why a date was refused.
 */
export function StartDateField(props: {
  dates: ReturnType<typeof useCourseDates>;
  startDate: string | null;
  /** Who is enrolling (step 1 done): prefills the waitlist form. */
  person: WaitlistPerson | null;
  /** The server refused the chosen start date (closed or full). */
  error?: string | null;
  onChange: (date: string) => void;
}) {
  const { dates } = props;
  return (
    <div className="space-y-2">
      <p id="start-date-label" className="block text-sm font-medium text-slate-800">
        Start Date{' '}
        <span className="text-red-700" aria-hidden>
          *
        </span>
      </p>
      {dates.isPending ? (
        <Spinner label="Loading course dates…" />
      ) : dates.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-red-700">{messages.enrolment.courseDatesFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void dates.refetch()} loading={dates.isFetching}>
            Retry
          </Button>
        </div>
      ) : dates.data.schedule.length === 0 ? (
        <p className="text-sm text-slate-700">{messages.enrolment.noStartDates}</p>
      ) : (
        <>
          <StartDateSelect schedule={dates.data.schedule} value={props.startDate} onChange={props.onChange} />
          <FullDates schedule={dates.data.schedule} person={props.person} />
        </>
      )}
      {props.error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Each full date, said plainly, with a way onto its waitlist (one form open at a time). */
function FullDates({ schedule, person }: { schedule: CourseDate[]; person: WaitlistPerson | null }) {
  const [open, setOpen] = useState<string | null>(null);
  const full = schedule.filter((entry) => entry.full);
  if (full.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Full start dates">
      {full.map((entry) => (
        <li key={entry.start_date} data-testid="full-date" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-800">
              {entry.label} — starts {formatDate(entry.start_date)}:{' '}
              <strong className="text-slate-900">{messages.enrolment.dateFull}</strong>
            </p>
            {open !== entry.start_date && (
              <Button size="sm" variant="outline" onClick={() => setOpen(entry.start_date)}>
                {messages.enrolment.waitlist.join}
                <span className="sr-only"> ({formatDate(entry.start_date)})</span>
              </Button>
            )}
          </div>
          {open === entry.start_date && (
            <WaitlistForm date={entry.start_date} person={person} onClose={() => setOpen(null)} />
          )}
        </li>
      ))}
    </ul>
  );
}

function StartDateSelect(props: {
  schedule: CourseDatesResponse['schedule'];
  value: string | null;
  onChange: (date: string) => void;
}) {
  return (
    <Select.Root value={props.value ?? undefined} onValueChange={props.onChange}>
      <Select.Trigger
        aria-labelledby="start-date-label"
        className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base"
      >
        <Select.Value placeholder="Select a start date" />
        <Select.Icon>
          <ChevronDown className="size-4" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 w-[var(--radix-select-trigger-width)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Select.Viewport>
            {props.schedule.map((entry) => (
              <Select.Item
                key={entry.start_date}
                value={entry.start_date}
                disabled={entry.full}
                className="cursor-pointer rounded px-3 py-2 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-600 data-[highlighted]:bg-brand-100"
              >
                <Select.ItemText>
                  {entry.label} — starts {formatDate(entry.start_date)}
                </Select.ItemText>
                {entry.full ? (
                  <span className="ml-1 text-sm font-semibold text-slate-700"> · {messages.enrolment.dateFull}</span>
                ) : (
                  fewPlaces(entry) && (
                    <span className="ml-1 text-sm font-semibold text-amber-800"> · {fewPlaces(entry)}</span>
                  )
                )}
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
