import * as Select from '@radix-ui/react-select';
import { ChevronDown } from 'lucide-react';
import { messages } from '@shared/messages';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import type { useCourseDates } from '../api/get-course-dates';

/** Step 3's start date: the coming course dates to pick from (or why there are none), and why a date was refused. */
export function StartDateField(props: {
  dates: ReturnType<typeof useCourseDates>;
  startDate: string | null;
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
        <StartDateSelect schedule={dates.data.schedule} value={props.startDate} onChange={props.onChange} />
      )}
      {props.error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {props.error}
        </p>
      )}
    </div>
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
                className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-brand-100"
              >
                <Select.ItemText>
                  {entry.label} — starts {formatDate(entry.start_date)}
                </Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
