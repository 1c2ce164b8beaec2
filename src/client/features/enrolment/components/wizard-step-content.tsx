import { Suspense } from 'react';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import type { CourseChoice } from '../lib/use-course-choice';
import type { EnrolmentWizard } from '../lib/use-enrolment-wizard';
import type { WizardPayment } from '../lib/use-wizard-payment';
import { ConfirmationStep, CourseSelectionStep, PaymentStep, PaymentTypeStep } from './lazy-steps';
import { PersonalInfoStep } from './personal-info-step';

const m = messages.enrolment;

interface StepProps {
  wizard: EnrolmentWizard;
  course: CourseChoice;
  payment: WizardPayment;
}

/** The wizard card's content: the current step (or a spinner while the server's record loads). */
export function WizardStepContent(props: StepProps) {
  const { step, waiting, unknownReferral } = props.wizard;
  if (waiting) return <Spinner label="Loading your enrollment…" />;
  return (
    <>
      {step === 1 && <FirstStep wizard={props.wizard} />}
      {step === 2 && unknownReferral && (
        <p
          role="status"
          data-testid="referral-notice"
          className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          {m.referralCodeUnknown(unknownReferral)}
        </p>
      )}
      {/* Not part of step 1, which is prerendered and hydrated. */}
      {step > 1 && (
        <Suspense fallback={<Spinner label="Loading…" />}>
          <LaterStep {...props} />
        </Suspense>
      )}
    </>
  );
}

/** Step 1: the registration form, or who a registered student is enrolling as. */
function FirstStep({ wizard }: { wizard: EnrolmentWizard }) {
  const { student } = wizard;
  if (!student) return <PersonalInfoStep onRegistered={wizard.onRegistered} />;
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold">Personal Information</h2>
      <p>
        You are enrolling as{' '}
        <strong>
          {student.first_name} {student.last_name}
        </strong>{' '}
        ({student.email}).
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={wizard.startAgain}>
          Not you? Start again
        </Button>
        <Button onClick={() => wizard.go(2)} data-primary-action>
          Continue
        </Button>
      </div>
    </div>
  );
}

/** Steps 2 to 5, which load apart from step 1 (lazy-steps.tsx). */
function LaterStep({ wizard, course, payment }: StepProps) {
  const { step, choices, student, go, choose, back } = wizard;
  if (step === 2)
    return (
      <PaymentTypeStep
        value={choices.paymentType}
        enrolmentPaid={student?.enrollment_paid ?? false}
        onChange={(paymentType) => choose({ paymentType })}
        onBack={back}
        onContinue={() => go(3)}
      />
    );
  if (step === 3)
    return (
      <CourseSelectionStep
        paymentType={choices.paymentType}
        course={choices.course}
        startDate={choices.startDate}
        saving={course.saving}
        onCourseChange={(chosen) => choose({ course: chosen })}
        onStartDateChange={(startDate) => {
          course.setStartDateError(null);
          choose({ startDate });
        }}
        startDateError={course.startDateError}
        person={student ? { firstName: student.first_name, email: student.email } : null}
        onBack={back}
        onContinue={course.continueFromCourse}
      />
    );
  if (step === 4)
    return (
      <PaymentStep
        studentId={student?.id ?? null}
        paymentType={choices.paymentType}
        course={choices.course}
        paying={payment.paying}
        error={payment.paymentError}
        onBack={() => {
          payment.setPaymentError(null);
          back();
        }}
        onPay={payment.pay}
      />
    );
  return (
    <ConfirmationStep
      enrolmentOnly={choices.paymentType === 'enrollment'}
      onSelectCourse={() => go(2, { paymentType: 'course' })}
    />
  );
}
