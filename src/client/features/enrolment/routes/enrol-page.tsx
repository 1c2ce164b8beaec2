/**
 * /enroll (and /cancel): the five-step enrolment wizard (docs/product/enrolment.md).
 * A logged-in student with unpaid enrolment resumes at step 2; `?step=course-selection&course=pro`
 * opens course selection for the logged-in student; `?success=true` shows the completion page.
 * Paying the enrolment fee only ends on step 5 (where the course can be chosen next); a payment
 * that includes the course ends on /success.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { isCourseType, type CourseType, type PaymentType } from '@shared/catalogue';
import { penceToPounds } from '@shared/money';
import { messages } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { lastPayment, studentSession } from '@client/lib/session';
import { paths } from '@shared/routes';
import { useCreatePayment } from '../api/create-payment';
import { useEnrollingStudent } from '../api/get-enrolling-student';
import { enrolmentKeys } from '../api/query-keys';
import { useSelectCourse } from '../api/select-course';
import {
  ConfirmationStep,
  CourseSelectionStep,
  EnrolmentComplete,
  PaymentStep,
  PaymentTypeStep,
  preloadLaterSteps,
} from '../components/lazy-steps';
import { PersonalInfoStep } from '../components/personal-info-step';
import { StepIndicator } from '../components/step-indicator';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { stepFromSlug, stepSlug, type Step, type WizardStudent } from '../lib/wizard';

const m = messages.enrolment;

/** What the customer has chosen so far: in the address, so Back and reload keep it. */
interface Choices {
  paymentType: PaymentType;
  course: CourseType | null;
  startDate: string | null;
}

/** Set on history entries the wizard pushes: which step the customer came from. */
interface WizardHistoryState {
  wizardFrom?: Step;
}

/** The session's student, unless the whole enrolment is already paid (then the wizard starts afresh). */
function sessionStudent(): WizardStudent | null {
  const session = studentSession.get();
  if (!session) return null;
  const s = session.student;
  if (s.course_paid === true) return null;
  return {
    id: s.id,
    email: s.email,
    first_name: s.first_name,
    last_name: s.last_name,
    enrollment_paid: s.enrollment_paid === true,
    course_paid: false,
  };
}

const isPaymentType = (value: string | null): value is PaymentType =>
  value === 'enrollment' || value === 'course' || value === 'combined';

/**
 * The step the customer may see: an earlier one when what it needs is missing (no registration,
 * no course or date before paying for a course, no enrolment payment before the confirmation).
 */
function allowedStep(requested: Step, student: WizardStudent | null, choices: Choices): Step {
  if (!student) return 1;
  if (requested === 5) return student.enrollment_paid ? 5 : 2;
  if (requested >= 2 && choices.paymentType === 'enrollment' && student.enrollment_paid) return 5;
  if (requested === 4 && choices.paymentType !== 'enrollment' && (!choices.course || !choices.startDate)) return 3;
  return requested;
}

/**
 * /enroll is prerendered as a new visitor's first step (no query, nothing in the session); anyone
 * else's first render differs, so their page is rendered afresh rather than hydrated (router.tsx).
 */
export const canHydrate = () => window.location.search === '' && studentSession.get() === null;

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
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [localStudent, setLocalStudent] = useState<WizardStudent | null>(sessionStudent);
  const server = useEnrollingStudent(localStudent?.id ?? null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  /** Why the chosen start date was refused (closed or just filled up): shown on the course step. */
  const [startDateError, setStartDateError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  /** A referral code the server did not recognise at registration (shown until the wizard moves past step 2). */
  const [unknownReferral, setUnknownReferral] = useState<string | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const selectCourse = useSelectCourse();
  const createPayment = useCreatePayment();

  // What the server knows wins over the session for what is paid (a payment only ever adds).
  const known = server.data;
  const student: WizardStudent | null = localStudent && {
    ...localStudent,
    enrollment_paid: localStudent.enrollment_paid || known?.enrollment_paid === true,
    course_paid: localStudent.course_paid || known?.course_paid === true,
  };
  const requestedType = params.get('type');
  const requestedCourse = params.get('course');
  const choices: Choices = {
    paymentType: isPaymentType(requestedType)
      ? requestedType
      : student?.enrollment_paid
        ? 'course'
        : student && params.get('step') === 'course-selection'
          ? 'combined'
          : 'enrollment',
    course: isCourseType(requestedCourse) ? requestedCourse : (known?.course_type ?? null),
    startDate: params.get('date') ?? known?.course_start_date ?? null,
  };
  const requestedStep = stepFromSlug(params.get('step')) ?? (student ? 2 : 1);
  const step = allowedStep(requestedStep, student, choices);
  // After a reload, the step waits for the server's record rather than flashing what the session remembers.
  const waiting = localStudent !== null && server.isPending && step > 1;

  /** To a step (a new history entry unless `replace`), with the choices in the address. */
  const go = (next: Step, change: Partial<Choices> = {}, replace = false) => {
    const target = { ...choices, ...change };
    const search = new URLSearchParams({ step: stepSlug(next) });
    if (next > 1) search.set('type', target.paymentType);
    if (target.course) search.set('course', target.course);
    if (target.startDate) search.set('date', target.startDate);
    const state: WizardHistoryState = replace
      ? ((location.state as WizardHistoryState | null) ?? {})
      : { wizardFrom: step };
    void navigate({ pathname: location.pathname, search: `?${search.toString()}` }, { replace, state });
  };
  const choose = (change: Partial<Choices>) => go(step, change, true);

  /** The wizard's Back: the browser's Back when the previous entry is the previous step, so both agree. */
  const back = () => {
    const previous = Math.max(1, step - 1) as Step;
    if ((location.state as WizardHistoryState | null)?.wizardFrom === previous) void navigate(-1);
    else go(previous, {}, true);
  };

  // The address always names the step shown (a step that is not allowed yet is replaced, not added).
  useEffect(() => {
    if (waiting) return;
    if (step !== requestedStep || !params.get('step')) go(step, {}, true);
  });

  // After a step change, move focus to the new step's heading so keyboard and screen-reader users follow along.
  const stepCard = useRef<HTMLDivElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (step === previousStep.current) return;
    previousStep.current = step;
    const card = stepCard.current;
    const focusHeading = () => {
      const heading = card?.querySelector('h2');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
      return heading != null;
    };
    if (!card || focusHeading()) return;
    // The step is still loading (components/lazy-steps.tsx): its heading gets the focus when it comes.
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(card, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [step]);

  // The later steps load while the customer fills in step 1.
  useEffect(preloadLaterSteps, []);

  const onRegistered = (registered: WizardStudent, token: string, unknownReferralCode: string | null) => {
    studentSession.set({ token, student: registered });
    setUnknownReferral(unknownReferralCode);
    setLocalStudent(registered);
    go(2, { paymentType: 'enrollment' });
  };

  const startAgain = () => {
    studentSession.clear();
    setLocalStudent(null);
    setUnknownReferral(null);
    go(1, { paymentType: 'enrollment', startDate: null }, true);
  };

  const continueFromCourse = async () => {
    if (choices.paymentType === 'enrollment') return go(4);
    if (!choices.course || !choices.startDate) return toast.error(m.courseAndDateRequired);
    if (!student) return go(1);
    try {
      await selectCourse.mutateAsync({
        studentId: student.id,
        body: { student_id: student.id, course_type: choices.course, course_start_date: choices.startDate },
      });
      setStartDateError(null);
      toast.success(m.courseSelectionUpdated);
      go(4);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.detail) {
        // The date closed or filled up since the list was loaded: say so, and offer the dates left.
        setStartDateError(error.detail);
        if (error.detail === m.startDateClosed || error.detail === m.startDateFull) {
          choose({ startDate: null });
          void queryClient.invalidateQueries({ queryKey: enrolmentKeys.courseDates() });
        }
        return;
      }
      toast.error(errorDetail(error, m.courseSelectionFailed));
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
        payment_type: choices.paymentType,
        description: `Payment: ${choices.paymentType}`,
        idempotency_key: idempotencyKey.current,
      });
      idempotencyKey.current = null;
      if (!result?.success) {
        toast.error(m.paymentFailed);
        return;
      }
      toast.success(m.paymentSuccessful);
      lastPayment.set({ email: student.email, paymentType: choices.paymentType, amountPence });
      const session = studentSession.get();
      if (session) studentSession.set({ token: session.token, student: { ...session.student, ...result.student } });
      setLocalStudent({
        ...student,
        enrollment_paid: result.student.enrollment_paid,
        course_paid: result.student.course_paid,
      });
      // The payment step is replaced: Back from the confirmation does not offer to pay again.
      if (choices.paymentType === 'enrollment') go(5, {}, true);
      else void navigate(paths.success);
    } catch (error) {
      const outcomeKnown = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (outcomeKnown) idempotencyKey.current = null;
      const detail = errorDetail(error, m.paymentFailed);
      setPaymentError(detail);
      toast.error(detail);
    }
  };

  return (
    <BrandShell secure={step >= 2 && step <= 4}>
      <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">Enrolment Registration</h1>
        <StepIndicator current={step} />
        <div ref={stepCard}>
          <Card className="mt-6">
            {waiting && <Spinner label="Loading your enrollment…" />}
            {!waiting &&
              step === 1 &&
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
                    <Button onClick={() => go(2)}>Continue</Button>
                  </div>
                </div>
              ) : (
                <PersonalInfoStep onRegistered={onRegistered} />
              ))}
            {!waiting && step === 2 && unknownReferral && (
              <p
                role="status"
                data-testid="referral-notice"
                className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              >
                {m.referralCodeUnknown(unknownReferral)}
              </p>
            )}
            {/* Not part of step 1, which is prerendered and hydrated. */}
            {!waiting && step > 1 && (
              <Suspense fallback={<Spinner label="Loading…" />}>
                {step === 2 && (
                  <PaymentTypeStep
                    value={choices.paymentType}
                    enrolmentPaid={student?.enrollment_paid ?? false}
                    onChange={(paymentType) => choose({ paymentType })}
                    onBack={back}
                    onContinue={() => go(3)}
                  />
                )}
                {step === 3 && (
                  <CourseSelectionStep
                    paymentType={choices.paymentType}
                    course={choices.course}
                    startDate={choices.startDate}
                    saving={selectCourse.isPending}
                    onCourseChange={(course) => choose({ course })}
                    onStartDateChange={(startDate) => {
                      setStartDateError(null);
                      choose({ startDate });
                    }}
                    startDateError={startDateError}
                    onBack={back}
                    onContinue={continueFromCourse}
                  />
                )}
                {step === 4 && (
                  <PaymentStep
                    paymentType={choices.paymentType}
                    course={choices.course}
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
                    enrolmentOnly={choices.paymentType === 'enrollment'}
                    onSelectCourse={() => go(2, { paymentType: 'course' })}
                  />
                )}
              </Suspense>
            )}
          </Card>
        </div>
      </main>
    </BrandShell>
  );
}
