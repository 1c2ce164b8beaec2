import * as Select from '@radix-ui/react-select';
import { ChevronDown, IdCard } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { useEffect } from 'react';
import { COURSES, COURSE_TYPES, type CourseType, type PaymentType } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { RadioCards } from '@client/components/ui/radio-cards';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useCourseDates } from '../api/get-course-dates';
import { StepButtons } from './payment-type-step';

const COURSE_NOTES: Record<CourseType, string> = {
  foundation: `${COURSES.foundation.moduleCount} modules: everything you need to start reviewing books on video.`,
  pro: `Foundation plus 5 advanced modules (${COURSES.pro.moduleCount} in all): brand, funnels, YouTube & TikTok, client generation and asset delivery.`,
};

/** Step 3: the course and a start date, or (enrolment only) a note that the course comes later. */
export function CourseSelectionStep(props: {
  paymentType: PaymentType;
  course: CourseType | null;
  startDate: string | null;
  saving: boolean;
  /** The server refused the chosen start date (closed or full): shown under the date picker. */
  startDateError?: string | null;
  onCourseChange: (course: CourseType) => void;
  onStartDateChange: (date: string) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const needsCourse = props.paymentType !== 'enrollment';
  const dates = useCourseDates(needsCourse);
  useEffect(() => {
    if (dates.isError) toast.error(messages.enrolment.courseDatesFailed);
  }, [dates.isError]);
  const chosen = dates.data?.schedule.find((entry) => entry.start_date === props.startDate);

  if (!needsCourse) {
    return (
      <div className="space-y-5">
        <h2 className="text-xl font-bold">Course Selection</h2>
        <p className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-slate-800">
          You are paying the enrollment fee only. You can choose your course level (Foundation or Pro) later, from your
          student dashboard or by returning to enrollment.
        </p>
        <StepButtons onBack={props.onBack} onContinue={props.onContinue} />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <h2 className="text-xl font-bold">Choose Your Course</h2>
      <RadioCards
        label="Course"
        value={props.course}
        options={COURSE_TYPES.map((type) => ({
          value: type,
          title: COURSES[type].title,
          price: formatPence(COURSES[type].pricePence),
          description: COURSE_NOTES[type],
          badge: type === 'pro' ? 'Most Popular' : undefined,
        }))}
        onChange={props.onCourseChange}
      />

      <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" role="note">
        <IdCard className="size-5 shrink-0" aria-hidden />
        <p>
          <strong>ID verification required.</strong> Before you can access the course materials you will need to upload
          a photo ID (driving licence, passport or government ID) from your student dashboard.
        </p>
      </div>

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
          <Select.Root value={props.startDate ?? undefined} onValueChange={props.onStartDateChange}>
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
                  {dates.data.schedule.map((entry) => (
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
        )}
        {props.startDateError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {props.startDateError}
          </p>
        )}
      </div>

      {chosen && (
        <dl
          className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3"
          aria-label="Your course dates"
        >
          <div>
            <dt className="text-sm text-slate-600">Start date</dt>
            <dd className="font-semibold">{formatDate(chosen.start_date)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">End date</dt>
            <dd className="font-semibold">{formatDate(chosen.end_date)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Graduation</dt>
            <dd className="font-semibold">{formatDate(chosen.graduation_date)}</dd>
          </div>
        </dl>
      )}

      <StepButtons onBack={props.onBack} onContinue={props.onContinue} loading={props.saving} />
    </div>
  );
}
