/**
 * /enroll (and /cancel): the five-step enrolment wizard (SPEC.md sections 2 and 4).
 * A logged-in student with unpaid enrolment resumes at step 2; `?step=course-selection&course=pro`
 * opens course selection for the logged-in student; `?success=true` shows the completion page.
 * Paying the enrolment fee only ends on step 5 (where the course can be chosen next); a payment
 * that includes the course ends on /success.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isCourseType, type CourseType, type PaymentType } from '@shared/catalogue';
import { penceToPounds } from '@shared/money';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { lastPayment, studentSession } from '@client/lib/session';
import { paths } from '@shared/routes';
import { useCreatePayment } from '../api/create-payment';
import { useSelectCourse } from '../api/select-course';
import { ConfirmationStep } from '../components/confirmation-step';
import { CourseSelectionStep } from '../components/course-selection-step';
import { EnrolmentComplete } from '../components/enrolment-complete';
import { PaymentStep } from '../components/payment-step';
import { PaymentTypeStep } from '../components/payment-type-step';
import { PersonalInfoStep } from '../components/personal-info-step';
import { StepIndicator } from '../components/step-indicator';
import { newIdempotencyKey } from '../lib/idempotency-key';
import type { Step, WizardStudent } from '../lib/wizard';

const m = messages.enrolment;

interface WizardState {
  step: Step;
  student: WizardStudent | null;
  paymentType: PaymentType;
  course: CourseType | null;
  startDate: string | null;
}

function sessionStudent(): WizardStudent | null {
  const session = studentSession.get();
  if (!session) return null;
  const s = session.student;
  return {
    id: s.id,
    email: s.email,
    first_name: s.first_name,
    last_name: s.last_name,
    enrollment_paid: s.enrollment_paid === true,
    course_paid: s.course_paid === true,
  };
}

function initialState(params: URLSearchParams): WizardState {
  const requested = params.get('course');
  const course = isCourseType(requested) ? requested : null;
  const student = sessionStudent();
  if (student && !student.course_paid) {
    const paymentType: PaymentType = student.enrollment_paid
      ? 'course'
      : params.get('step') === 'course-selection'
        ? 'combined'
        : 'enrollment';
    const step: Step = params.get('step') === 'course-selection' ? 3 : 2;
    return { step, student, paymentType, course, startDate: null };
  }
  return { step: 1, student: null, paymentType: 'enrollment', course, startDate: null };
}

export default function EnrolPage() {
  const [params] = useSearchParams();
  if (params.get('success') === 'true') {
    return (
      <main className="mx-auto max-w-2xl px-4 py-10">
        <EnrolmentComplete />
      </main>
    );
  }
  return <EnrolmentWizard params={params} />;
}

function EnrolmentWizard({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const [state, setState] = useState<WizardState>(() => initialState(params));
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const selectCourse = useSelectCourse();
  const createPayment = useCreatePayment();
  const update = (change: Partial<WizardState>) => setState((current) => ({ ...current, ...change }));
  const back = () => update({ step: Math.max(1, state.step - 1) as Step });
  const { step, student } = state;

  // After a step change, move focus to the new step's heading so keyboard and screen-reader users follow along.
  const stepCard = useRef<HTMLDivElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === previousStep.current) return;
    previousStep.current = step;
    const heading = stepCard.current?.querySelector('h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [step]);

  const onRegistered = (registered: WizardStudent, token: string) => {
    studentSession.set({ token, student: registered });
    update({ student: registered, step: 2, paymentType: 'enrollment' });
  };

  const startAgain = () => {
    studentSession.clear();
    update({ student: null, step: 1, paymentType: 'enrollment' });
  };

  const continueFromCourse = async () => {
    if (state.paymentType === 'enrollment') return update({ step: 4 });
    if (!state.course || !state.startDate) return toast.error(m.courseAndDateRequired);
    if (!student) return update({ step: 1 });
    try {
      await selectCourse.mutateAsync({
        studentId: student.id,
        body: { student_id: student.id, course_type: state.course, course_start_date: state.startDate },
      });
      toast.success(m.courseSelectionUpdated);
      update({ step: 4 });
    } catch {
      toast.error(m.courseSelectionFailed);
    }
  };

  const pay = async (token: string, amountPence: number) => {
    if (!student) return;
    setPaymentError(null);
    // One key per attempt, reused if this attempt is retried after an unknown outcome.
    idempotencyKey.current ??= newIdempotencyKey();
    const amount = penceToPounds(amountPence);
    try {
      const result = await createPayment.mutateAsync({
        source_id: token,
        student_id: student.id,
        amount,
        currency: 'GBP',
        payment_type: state.paymentType,
        description: `Payment: ${state.paymentType}`,
        idempotency_key: idempotencyKey.current,
      });
      idempotencyKey.current = null;
      if (!result?.success) {
        toast.error(m.paymentFailed);
        return;
      }
      toast.success(m.paymentSuccessful);
      lastPayment.set({ email: student.email, paymentType: state.paymentType, amountPence });
      const session = studentSession.get();
      if (session) studentSession.set({ token: session.token, student: { ...session.student, ...result.student } });
      const paid = {
        ...student,
        enrollment_paid: result.student.enrollment_paid,
        course_paid: result.student.course_paid,
      };
      if (state.paymentType === 'enrollment') update({ student: paid, step: 5 });
      else navigate(paths.success);
    } catch (error) {
      const outcomeKnown = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (outcomeKnown) idempotencyKey.current = null;
      const detail = errorDetail(error, m.paymentFailed);
      setPaymentError(detail);
      toast.error(detail);
    }
  };

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">Enrolment Registration</h1>
      <StepIndicator current={step} />
      <div ref={stepCard}>
        <Card className="mt-6">
          {step === 1 &&
            (student ? (
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
                  <Button variant="outline" onClick={startAgain}>
                    Not you? Start again
                  </Button>
                  <Button onClick={() => update({ step: 2 })}>Continue</Button>
                </div>
              </div>
            ) : (
              <PersonalInfoStep onRegistered={onRegistered} />
            ))}
          {step === 2 && (
            <PaymentTypeStep
              value={state.paymentType}
              enrolmentPaid={student?.enrollment_paid ?? false}
              onChange={(paymentType) => update({ paymentType })}
              onBack={back}
              onContinue={() => update({ step: 3 })}
            />
          )}
          {step === 3 && (
            <CourseSelectionStep
              paymentType={state.paymentType}
              course={state.course}
              startDate={state.startDate}
              saving={selectCourse.isPending}
              onCourseChange={(course) => update({ course })}
              onStartDateChange={(startDate) => update({ startDate })}
              onBack={back}
              onContinue={continueFromCourse}
            />
          )}
          {step === 4 && (
            <PaymentStep
              paymentType={state.paymentType}
              course={state.course}
              paying={createPayment.isPending}
              error={paymentError}
              onBack={() => {
                setPaymentError(null);
                back();
              }}
              onPay={pay}
            />
          )}
          {step === 5 && (
            <ConfirmationStep
              enrolmentOnly={state.paymentType === 'enrollment'}
              onSelectCourse={() => update({ step: 2, paymentType: 'course' })}
            />
          )}
        </Card>
      </div>
    </main>
  );
}
