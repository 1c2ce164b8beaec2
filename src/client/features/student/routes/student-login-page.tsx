import { GraduationCap, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { studentSession } from '@client/lib/session';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import { getStudent } from '../api/get-student';
import { logInWithLink } from '../api/log-in-student';
import { StudentLoginForm, useEnterStudentArea } from '../components/student-login-form';

/**
 * A student who is still signed in (the wizard's session after paying, or an earlier sign-in) goes
 * straight to the dashboard; a session the server no longer accepts is dropped and the form shown.
 * The check runs after hydration: the prerendered page is the form.
 */
function useLiveSessionRedirect(skip: boolean): boolean {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    const session = studentSession.get();
    if (skip || !session) return;
    setChecking(true);
    let cancelled = false;
    getStudent(session.student.id).then(
      () => {
        if (!cancelled) void navigate(paths.studentDashboard, { replace: true });
      },
      (error: unknown) => {
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) studentSession.clear();
        if (!cancelled) setChecking(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [navigate, skip]);
  return checking;
}

type LinkSignIn = { state: 'none' } | { state: 'signing-in' } | { state: 'failed'; detail: string };

/**
 * `?link=` (a one-time sign-in link from an e-mail): taken from the address at once (replaced, so the
 * secret is not left in the history or a bookmark), posted once, and the student let in; a used or
 * expired link shows why, above the ordinary form. Runs after hydration: the prerendered page is the form.
 */
function useLinkSignIn(): LinkSignIn {
  const location = useLocation();
  const navigate = useNavigate();
  const enter = useEnterStudentArea();
  const taken = useRef(false);
  const [result, setResult] = useState<LinkSignIn>({ state: 'none' });
  useEffect(() => {
    const link = new URLSearchParams(location.search).get('link');
    if (!link || taken.current) return;
    taken.current = true;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    setResult({ state: 'signing-in' });
    logInWithLink(link).then(enter, (error: unknown) =>
      setResult({ state: 'failed', detail: errorDetail(error, messages.student.loginFailed) }),
    );
  }, [location, navigate, enter]);
  return result;
}

export default function StudentLoginPage() {
  const link = useLinkSignIn();
  const checking = useLiveSessionRedirect(link.state !== 'none');
  return (
    <BrandShell title="Student Login | Video Book Review Specialist">
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-md flex-col justify-center gap-6 px-4 py-10">
        <div className="text-center">
          <GraduationCap className="mx-auto size-12 text-brand-700" aria-hidden />
          <h1 className="mt-2 text-3xl font-bold">Student Login</h1>
          <p className="mt-1 text-slate-600">Enter your email to access your course dashboard.</p>
        </div>
        <Card className="space-y-6">
          {link.state === 'failed' && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {link.detail}
            </p>
          )}
          {link.state === 'signing-in' ? (
            <Spinner label={messages.student.loginLinkSigningIn} />
          ) : checking ? (
            <Spinner label="Opening your dashboard…" />
          ) : (
            <StudentLoginForm />
          )}
          <p className="text-center text-sm text-slate-700">
            Not enrolled yet?{' '}
            <Link to={paths.enrol} className="font-semibold text-brand-700 underline underline-offset-2">
              Start your enrollment
            </Link>
          </p>
        </Card>
        <p
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
          role="note"
        >
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Your dashboard is personal to you. Please do not share your login details or course access with anyone else.
        </p>
        <Link to={paths.home} className="text-center text-sm font-semibold text-slate-700 underline underline-offset-2">
          Return to Home
        </Link>
      </main>
    </BrandShell>
  );
}
