import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { studentSession } from '@client/lib/session';
import { useEnrollingStudent } from '../api/get-enrolling-student';
import type { Step, WizardStudent } from './wizard';
import { allowedStep, readChoices, requestedStep, withServerRecord, wizardSearch, type Choices } from './wizard-state';

/** Set on history entries the wizard pushes: which step the customer came from. */
interface WizardHistoryState {
  wizardFrom?: Step;
}

/**
 * The session's student. One who has paid for everything sees the confirmation (allowedStep): Back
 * from /success or a new visit to /enroll never offers to pay again.
 */
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

/**
 * The wizard's state: the student being enrolled (session, then the server's record), the choices and
 * step in the address, and moves between steps (each a history entry; choices replace the entry).
 */
export function useEnrolmentWizard() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [localStudent, setLocalStudent] = useState<WizardStudent | null>(sessionStudent);
  const server = useEnrollingStudent(localStudent?.id ?? null);
  /** A referral code the server did not recognise at registration (shown until the wizard moves past step 2). */
  const [unknownReferral, setUnknownReferral] = useState<string | null>(null);

  const student = withServerRecord(localStudent, server.data);
  const choices = readChoices(params, student, server.data);
  const requested = requestedStep(params.get('step'), student);
  const step = allowedStep(requested, student, choices);
  // After a reload, the step waits for the server's record rather than flashing what the session remembers.
  const waiting = localStudent !== null && server.isPending && step > 1;

  /** To a step (a new history entry unless `replace`), with the choices in the address. */
  const go = (next: Step, change: Partial<Choices> = {}, replace = false) => {
    const state: WizardHistoryState = replace
      ? ((location.state as WizardHistoryState | null) ?? {})
      : { wizardFrom: step };
    const search = wizardSearch(next, { ...choices, ...change });
    void navigate({ pathname: location.pathname, search }, { replace, state });
  };
  const choose = (change: Partial<Choices>) => go(step, change, true);

  /** The wizard's Back: the browser's Back when the previous entry is the previous step, so both agree. */
  const back = () => {
    const previous = Math.max(1, step - 1) as Step;
    if ((location.state as WizardHistoryState | null)?.wizardFrom === previous) void navigate(-1);
    else go(previous, {}, true);
  };

  // The address always names the step shown (a step that is not allowed yet is replaced, not added). A
  // new visitor's arrives named (enrol-page.tsx's arrivalSearch), so hydrating is not followed by a navigation.
  useEffect(() => {
    if (waiting) return;
    if (step !== requested || !params.get('step')) go(step, {}, true);
  });

  const onRegistered = (registered: WizardStudent, token: string, unknownReferralCode: string | null) => {
    studentSession.set({ token, student: registered, first_visit: true });
    setUnknownReferral(unknownReferralCode);
    setLocalStudent(registered);
    // A course chosen on a pricing card (in the address since step 1) is bought with the fee.
    go(2, { paymentType: choices.course ? 'combined' : 'enrollment' });
  };

  const startAgain = () => {
    studentSession.clear();
    setLocalStudent(null);
    setUnknownReferral(null);
    go(1, { paymentType: 'enrollment', startDate: null }, true);
  };

  return {
    student,
    choices,
    step,
    waiting,
    unknownReferral,
    go,
    choose,
    back,
    onRegistered,
    startAgain,
    setLocalStudent,
  };
}

export type EnrolmentWizard = ReturnType<typeof useEnrolmentWizard>;
