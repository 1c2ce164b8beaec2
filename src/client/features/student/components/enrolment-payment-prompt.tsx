import { CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { paths } from '@shared/routes';
import { formatPence } from '@shared/money';
import { useCatalogue } from '@client/lib/catalogue';

/** View 1: the enrolment fee is not paid yet. */
export function EnrolmentPaymentPrompt() {
  const fee = useCatalogue()?.enrolment_fee_pence;
  return (
    <Card className="space-y-4 text-center">
      <CreditCard className="mx-auto size-10 text-brand-700" aria-hidden />
      <h2 className="text-xl font-bold">Complete Enrollment Payment</h2>
      <p className="text-slate-600">
        Pay the one-off enrollment fee{fee !== undefined && ` of ${formatPence(fee)}`} to unlock your student dashboard
        and choose your course.
      </p>
      <Link to={paths.enrol} className={buttonClasses('primary', 'lg')}>
        Complete Enrollment Payment
      </Link>
    </Card>
  );
}
