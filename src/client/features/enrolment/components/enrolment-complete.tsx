import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { paths } from '@shared/routes';

/** /enroll?success=true: shown instead of the wizard. */
export function EnrolmentComplete() {
  return (
    <Card className="space-y-5 text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-700" aria-hidden />
      <h1 className="text-2xl font-bold">Enrollment Complete</h1>
      <p className="text-lg font-semibold text-emerald-800">Payment Successful</p>
      <p className="text-slate-700">
        Thank you for enrolling. You can now access your student dashboard with your email address.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.studentDashboard} className={buttonClasses('primary', 'lg')}>
          Go to Student Dashboard
        </Link>
        <Link to={paths.studentLogin} className={buttonClasses('outline', 'lg')}>
          Student Login
        </Link>
      </div>
      <Link to={paths.home} className="inline-block text-brand-800 underline">
        Return to Homepage
      </Link>
    </Card>
  );
}
