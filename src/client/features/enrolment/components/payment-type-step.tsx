import { CheckCircle2 } from 'lucide-react';
import { COURSES, ENROLMENT_FEE_PENCE, type PaymentType } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';

interface Option {
  type: PaymentType;
  title: string;
  price: string;
  description: string;
  recommended?: boolean;
}

const ENROLMENT_OPTIONS: Option[] = [
  {
    type: 'enrollment',
    title: 'Enrollment Fee Only',
    price: formatPence(ENROLMENT_FEE_PENCE),
    description:
      'Secure your place now and choose your course level later. Includes the introduction materials, industry report and bonus guides.',
  },
  {
    type: 'combined',
    title: 'Complete Package',
    price: `from ${formatPence(ENROLMENT_FEE_PENCE + COURSES.foundation.pricePence)}`,
    description: 'Enrollment plus your course in one payment, so you can start straight away.',
    recommended: true,
  },
];

const COURSE_OPTION: Option = {
  type: 'course',
  title: 'Course Payment',
  price: `from ${formatPence(COURSES.foundation.pricePence)}`,
  description: 'Your enrollment fee is paid. Choose your course level next.',
};

/** Step 2. A student whose enrolment fee is paid only has the course left to pay for. */
export function PaymentTypeStep(props: {
  value: PaymentType;
  enrolmentPaid: boolean;
  onChange: (type: PaymentType) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const options = props.enrolmentPaid ? [COURSE_OPTION] : ENROLMENT_OPTIONS;
  return (
    <div className="space-y-5">
      <h2 className="text-xl font-bold">Choose Your Payment Option</h2>
      <p className="text-sm text-slate-700">
        We advise paying the enrollment fee first; you can return to select your course level at any time.
      </p>
      <div role="radiogroup" aria-label="Payment option" className="grid gap-4 sm:grid-cols-2">
        {options.map((option) => {
          const selected = props.value === option.type;
          return (
            <button
              key={option.type}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => props.onChange(option.type)}
              className={cn(
                'relative rounded-xl border-2 bg-white p-5 text-left transition-colors',
                selected ? 'border-brand-700 ring-2 ring-brand-600/30' : 'border-slate-200 hover:border-brand-500',
              )}
            >
              {option.recommended && (
                <Badge tone="purple" className="absolute -top-3 right-4">
                  Recommended
                </Badge>
              )}
              <span className="flex items-center justify-between gap-2">
                <span className="text-lg font-semibold">{option.title}</span>
                {selected && <CheckCircle2 className="size-5 text-brand-700" aria-hidden />}
              </span>
              <span className="mt-1 block text-2xl font-bold text-brand-800">{option.price}</span>
              <span className="mt-2 block text-sm text-slate-700">{option.description}</span>
            </button>
          );
        })}
      </div>
      <StepButtons onBack={props.onBack} onContinue={props.onContinue} />
    </div>
  );
}

export function StepButtons(props: {
  onBack: () => void;
  onContinue: () => void;
  continueLabel?: string;
  loading?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={props.onBack}>
        Back
      </Button>
      <Button onClick={props.onContinue} loading={props.loading}>
        {props.continueLabel ?? 'Continue'}
      </Button>
    </div>
  );
}
