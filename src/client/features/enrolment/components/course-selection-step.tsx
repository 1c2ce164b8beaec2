import { IdCard } from 'lucide-react';
import { toast } from '@client/lib/toast';
import { useEffect } from 'react';
import { allInPricePence, COURSE_TYPES, type Catalogue, type CourseType, type PaymentType } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { RadioCards } from '@client/components/ui/radio-cards';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';
import { formatDate } from '@client/lib/format';
import type { CourseDatesResponse } from '@shared/schemas/enrolment';
import { useCourseDates } from '../api/get-course-dates';
import { StepButtons } from './payment-type-step';
import { StartDateField } from './start-date-field';
import type { WaitlistPerson } from './waitlist-form';

/** Step 3: the course and a start date, or (enrolment only) a note that the course comes later. */
export function CourseSelectionStep(props: {
  paymentType: PaymentType;
  course: CourseType | null;
  startDate: string | null;
  saving: boolean;
  /** The server refused the chosen start date (closed or full): shown under the date picker. */
  startDateError?: string | null;
  /** Who is enrolling (step 1 done): prefills a waitlist form. */
  person?: WaitlistPerson | null;
  onCourseChange: (course: CourseType) => void;
  onStartDateChange: (date: string) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const needsCourse = props.paymentType !== 'enrollment';
  const catalogue = useCatalogue();
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
      {catalogue ? (
        <RadioCards
          label="Course"
          value={props.course}
          options={COURSE_TYPES.map((type) => ({
            value: type,
            title: catalogue.courses[type].title,
            ...coursePrice(catalogue, type, props.paymentType),
            description: `${catalogue.courses[type].modules.length} modules: ${catalogue.courses[type].description}`,
            badge: type === 'pro' ? 'Most Popular' : undefined,
          }))}
          onChange={props.onCourseChange}
        />
      ) : (
        <Spinner label="Loading courses…" />
      )}

      <IdRequiredNote />

      <StartDateField
        dates={dates}
        startDate={props.startDate}
        person={props.person ?? null}
        error={props.startDateError}
        onChange={props.onStartDateChange}
      />

      {chosen && <ChosenCourseDates entry={chosen} />}

      <StepButtons onBack={props.onBack} onContinue={props.onContinue} loading={props.saving} />
    </div>
  );
}

/**
 * What this student pays for the course: all-in with the fee named (Complete Package), or the course
 * alone when the fee is already paid.
 */
function coursePrice(
  catalogue: Catalogue,
  course: CourseType,
  paymentType: PaymentType,
): { price: string; priceNote?: string } {
  if (paymentType === 'course') return { price: formatPence(catalogue.courses[course].price_pence) };
  return {
    price: formatPence(allInPricePence(catalogue, course)),
    priceNote: messages.enrolment.feeIncluded(formatPence(catalogue.enrolment_fee_pence)),
  };
}

/** Needed before the course materials open: said before paying for a course. */
function IdRequiredNote() {
  return (
    <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" role="note">
      <IdCard className="size-5 shrink-0" aria-hidden />
      <p>
        <strong>ID verification required.</strong> Before you can access the course materials you will need to upload a
        photo ID (driving licence, passport or government ID) from your student dashboard.
      </p>
    </div>
  );
}

/** The chosen start date's course dates: start, end and graduation. */
function ChosenCourseDates({ entry }: { entry: CourseDatesResponse['schedule'][number] }) {
  return (
    <dl
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3"
      aria-label="Your course dates"
    >
      <div>
        <dt className="text-sm text-slate-600">Start date</dt>
        <dd className="font-semibold">{formatDate(entry.start_date)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">End date</dt>
        <dd className="font-semibold">{formatDate(entry.end_date)}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Graduation</dt>
        <dd className="font-semibold">{formatDate(entry.graduation_date)}</dd>
      </div>
    </dl>
  );
}
