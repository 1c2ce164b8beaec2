import { allInPricePence, COURSE_TYPES, type Catalogue, type PaymentType } from '@shared/catalogue';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { RadioCards } from '@client/components/ui/radio-cards';
import { Spinner } from '@client/components/ui/spinner';
import { useCatalogue } from '@client/lib/catalogue';

interface Option {
  type: PaymentType;
  title: string;
  price: string;
  priceNote?: string;
  description: string;
  recommended?: boolean;
}

/** The cheapest of `price` over the courses, as "from £x". */
const from = (price: (course: (typeof COURSE_TYPES)[number]) => number) =>
  `from ${formatPence(Math.min(...COURSE_TYPES.map(price)))}`;

function paymentOptions(catalogue: Catalogue, enrolmentPaid: boolean): Option[] {
  if (enrolmentPaid)
    return [
      {
        type: 'course',
        title: 'Course Payment',
        price: from((course) => catalogue.courses[course].price_pence),
        description: 'Your enrollment fee is paid. Choose your course level next.',
      },
    ];
  return [
    {
      type: 'enrollment',
      title: 'Enrollment Fee Only',
      price: formatPence(catalogue.enrolment_fee_pence),
      description:
        'Secure your place now and choose your course level later. Includes the introduction materials, industry report and bonus guides.',
    },
    {
      type: 'combined',
      title: 'Complete Package',
      price: from((course) => allInPricePence(catalogue, course)),
      priceNote: messages.enrolment.feeIncluded(formatPence(catalogue.enrolment_fee_pence)),
      description: 'Enrollment plus your course in one payment, so you can start straight away.',
      recommended: true,
    },
  ];
}

/** Step 2. A student whose enrolment fee is paid only has the course left to pay for. */
export function PaymentTypeStep(props: {
  value: PaymentType;
  enrolmentPaid: boolean;
  onChange: (type: PaymentType) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const catalogue = useCatalogue();
  if (!catalogue) return <Spinner label="Loading prices…" />;
  const options = paymentOptions(catalogue, props.enrolmentPaid);
  return (
    <div className="space-y-5">
      <h2 className="text-xl font-bold">Choose Your Payment Option</h2>
      <p className="text-sm text-slate-700">
        We advise paying the enrollment fee first; you can return to select your course level at any time.
      </p>
      <RadioCards
        label="Payment option"
        value={props.value}
        options={options.map((option) => ({
          value: option.type,
          title: option.title,
          price: option.price,
          priceNote: option.priceNote,
          description: option.description,
          badge: option.recommended ? 'Recommended' : undefined,
        }))}
        onChange={props.onChange}
      />
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
      {/* The step's own action: a toast keeps clear of it (lib/toast-placement.ts). */}
      <Button onClick={props.onContinue} loading={props.loading} data-primary-action>
        {props.continueLabel ?? 'Continue'}
      </Button>
    </div>
  );
}
