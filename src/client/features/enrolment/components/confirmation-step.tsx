import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@client/components/ui/button';
import { studentSignIn } from '@client/content';
import { useStudentLoginMode } from '@client/lib/public-config';
import { paths } from '@shared/routes';
import { BonusAndCommunity } from './next-steps';

/** Step 5: what happens next. After paying the enrolment fee only, the course can be chosen straight away. */
export function ConfirmationStep({
  enrolmentOnly,
  onSelectCourse,
}: {
  enrolmentOnly: boolean;
  onSelectCourse: () => void;
}) {
  const loginMode = useStudentLoginMode();
  return (
    <div className="space-y-6">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-emerald-700" aria-hidden />
        <h2 className="mt-2 text-2xl font-bold">Welcome to the Programme!</h2>
        <p className="mt-1 text-slate-700">Your payment has been received and your enrollment is confirmed.</p>
      </div>
      <section aria-labelledby="next-steps">
        <h3 id="next-steps" className="font-semibold">
          Next steps
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
          {enrolmentOnly && <li>Select your course level (Foundation or Pro) whenever you are ready.</li>}
          <li>
            {studentSignIn.nextStep.both}
            {loginMode ? ` ${studentSignIn.nextStep[loginMode]}` : '.'}
          </li>
          <li>Complete your ID verification to unlock the course materials.</li>
          <li>Download your bonus PDF and join the community group below.</li>
        </ol>
      </section>
      <BonusAndCommunity />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        {/* Paid for everything: the student is signed in, and the dashboard is the next place to go. */}
        {!enrolmentOnly && (
          <Link to={paths.studentDashboard} className={buttonClasses('primary', 'lg')}>
            Go to Student Dashboard
          </Link>
        )}
        {enrolmentOnly && (
          <Button size="lg" onClick={onSelectCourse}>
            Select Your Course Now
          </Button>
        )}
        <Link to={paths.home} className={buttonClasses('outline', 'lg')}>
          Return Home
        </Link>
        <Link to={paths.support} className={buttonClasses('outline', 'lg')}>
          Contact Support
        </Link>
      </div>
    </div>
  );
}
