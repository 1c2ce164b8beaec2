/**
 * /enroll (and /cancel): the five-step enrolment wizard (docs/product/enrolment.md).
 * A logged-in student with unpaid enrolment resumes at step 2; `?step=course-selection&course=pro`
 * opens course selection for the logged-in student; `?success=true` shows the completion page.
 * Paying the enrolment fee only ends on step 5 (where the course can be chosen next); a payment
 * that includes the course ends on /success.
 */
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { studentSession } from '@client/lib/session';
import { EnrolmentComplete, preloadLaterSteps } from '../components/lazy-steps';
import { StepIndicator } from '../components/step-indicator';
import { WizardStepContent } from '../components/wizard-step-content';
import { useCourseChoice } from '../lib/use-course-choice';
import { useEnrolmentWizard } from '../lib/use-enrolment-wizard';
import { useStepHeadingFocus } from '../lib/use-step-heading-focus';
import { useWizardPayment } from '../lib/use-wizard-payment';
import { readChoices, wizardSearch } from '../lib/wizard-state';

/**
 * /enroll is prerendered as a new visitor's first step (no query, nothing in the session); anyone
 * else's first render differs, so their page is rendered afresh rather than hydrated (router.tsx).
 */
export const canHydrate = () => window.location.search === '' && studentSession.get() === null;

/**
 * The prerendered first step's address: a new visitor's step names itself there (use-enrolment-wizard.ts);
 * written before the router starts, so the wizard does not navigate to it right after hydrating.
 */
export const arrivalSearch = () => wizardSearch(1, readChoices(new URLSearchParams(), null, undefined));

export default function EnrolPage() {
  const [params] = useSearchParams();
  if (params.get('success') === 'true') {
    return (
      <BrandShell>
        <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-10">
          <Suspense fallback={<Spinner label="Loading…" />}>
            <EnrolmentComplete />
          </Suspense>
        </main>
      </BrandShell>
    );
  }
  return <EnrolmentWizard />;
}

function EnrolmentWizard() {
  const wizard = useEnrolmentWizard();
  const course = useCourseChoice(wizard);
  const payment = useWizardPayment(wizard);
  const stepCard = useStepHeadingFocus(wizard.step);
  // The later steps load while the customer fills in step 1 (from the form's first focus, so a phone
  // loading the page does not also evaluate them), or at once when the wizard resumes past it.
  useEffect(() => {
    if (wizard.step > 1) preloadLaterSteps();
  }, [wizard.step]);

  return (
    <BrandShell secure={wizard.step >= 2 && wizard.step <= 4}>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">Enrolment Registration</h1>
        <StepIndicator current={wizard.step} />
        <div ref={stepCard}>
          <Card className="mt-6">
            <WizardStepContent wizard={wizard} course={course} payment={payment} />
          </Card>
        </div>
      </main>
    </BrandShell>
  );
}
