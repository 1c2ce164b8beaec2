import { LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { api } from '@client/lib/api-client';
import { queryClient } from '@client/lib/query-client';
import { studentSession, type StudentSession } from '@client/lib/session';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import { COURSES } from '@shared/catalogue';
import { formatDate } from '@client/lib/format';
import { idStatusQuery } from '../api/get-id-status';
import { progressQuery } from '../api/get-progress';
import { studentQuery, useStudent } from '../api/get-student';
import { studentKeys } from '../api/query-keys';
import { CourseChoice } from '../components/course-choice';
import { CourseDashboard } from '../components/course-dashboard';
import { DashboardUnavailable } from '../components/dashboard-unavailable';
import { YourDataCard } from '../components/your-data-card';
import { InvoicesCard } from '../components/invoices-card';
import { EnrolmentPaymentPrompt } from '../components/enrolment-payment-prompt';
import { RefundNotice } from '../components/refund-notice';
import { poundsToPence } from '@shared/money';

/** Its title while loading and once loaded. */
const DASHBOARD_TITLE = 'Student Dashboard | Video Book Review Specialist';

export default function StudentDashboardPage() {
  const navigate = useNavigate();
  const [session] = useState(() => studentSession.get());

  useEffect(() => {
    if (!session) {
      toast.error(messages.student.loginRequired, { id: 'login-required' });
      navigate(paths.studentLogin, { replace: true });
    }
  }, [session, navigate]);

  if (!session) return null;
  return <Dashboard session={session} />;
}

/**
 * Leaves for the sign-in page when the session ends other than by this page's Logout: a logout in
 * another tab (the storage event), a 401 (api-client.ts drops the session), or another student
 * signing in elsewhere on this device.
 */
function useSessionEndedElsewhere(session: StudentSession, loggingOut: { current: boolean }) {
  const navigate = useNavigate();
  useEffect(
    () =>
      studentSession.subscribe(() => {
        if (loggingOut.current || studentSession.get()?.token === session.token) return;
        loggingOut.current = true;
        toast.error(messages.student.loginRequired, { id: 'login-required' });
        void navigate(paths.studentLogin, { replace: true });
      }),
    [session.token, loggingOut, navigate],
  );
}

/** A new student's first visit (set at registration) is greeted "Welcome"; the visit is then recorded. */
function useFirstVisit(session: StudentSession): boolean {
  const [firstVisit] = useState(() => session.first_visit === true);
  useEffect(() => {
    const current = studentSession.get();
    if (firstVisit && current?.token === session.token) studentSession.set({ ...current, first_visit: false });
  }, [firstVisit, session.token]);
  return firstVisit;
}

/**
 * The route's loader: it runs as the dashboard is entered, before the page renders, so the student's
 * record is on its way while the page draws its loading state instead of asked for once it has. A
 * student who had paid for their course when they signed in sees it first: its progress and ID status
 * are asked for together with the record, not once it has arrived. Nothing is awaited: the page shows
 * its loading state meanwhile, and without a session it sends the visitor to sign in.
 */
export function loader() {
  const session = studentSession.get();
  if (session) {
    const { id, email, course_paid } = session.student;
    void queryClient.prefetchQuery(studentQuery(id));
    if (course_paid) {
      void queryClient.prefetchQuery(progressQuery(id));
      void queryClient.prefetchQuery(idStatusQuery(email));
    }
  }
  return null;
}

/** The greeting, and the course the student has paid for (none after a refund: the body offers the choice again). */
function DashboardHeading({ student, firstVisit }: { student: StudentAreaRecord; firstVisit: boolean }) {
  return (
    <div className="border-b border-slate-200 bg-brand-50">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 p-4">
        <div>
          <p className="text-sm font-semibold text-brand-700">Student Dashboard</p>
          <h1 className="text-2xl font-bold">
            {firstVisit
              ? messages.student.welcomeFirst(student.first_name)
              : messages.student.welcomeAgain(student.first_name)}
          </h1>
          {student.course_paid && student.course_type && (
            <p className="mt-1 text-slate-700" data-testid="student-course">
              {messages.student.yourCourse}:{' '}
              <strong className="text-slate-900">{COURSES[student.course_type].title}</strong>
              {student.course_start_date && <> · starts {formatDate(student.course_start_date)}</>}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The student's invoices and data, below what their course view shows. */
function StudentRecords({ studentId }: { studentId: string }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <InvoicesCard studentId={studentId} />
      </div>
      <YourDataCard studentId={studentId} />
    </div>
  );
}

function Dashboard({ session }: { session: StudentSession }) {
  const navigate = useNavigate();
  const record = useStudent(session.student.id);
  const loggingOut = useRef(false);
  useSessionEndedElsewhere(session, loggingOut);
  const firstVisit = useFirstVisit(session);

  // The student's records leave the cache once the dashboard has unmounted after a logout: removed
  // while its queries were still observed (a navigation does not unmount at once), they were fetched
  // again without a token and answered 401.
  useEffect(
    () => () => {
      if (!studentSession.get()) queryClient.removeQueries({ queryKey: studentKeys.all });
    },
    [],
  );

  const logout = async () => {
    const token = session.token;
    loggingOut.current = true;
    studentSession.clear();
    toast.dismissAll();
    await queryClient.cancelQueries({ queryKey: studentKeys.all });
    // Revokes the token on the server; signing out here goes ahead even if that call fails.
    await api('/api/student/logout', { method: 'POST', bearer: token }).catch(() => undefined);
    await navigate(paths.home);
  };

  // In the site's header, in place of Sign in and Enroll Now.
  const logoutButton = (
    <Button variant="outline" size="sm" onClick={logout}>
      <LogOut className="size-4" aria-hidden /> Logout
    </Button>
  );

  if (record.isPending) {
    return (
      <BrandShell title={DASHBOARD_TITLE} headerEnd={logoutButton}>
        {/* A screen's height kept for the dashboard, as its course view below does. */}
        <main id="main" tabIndex={-1} className="mx-auto min-h-svh max-w-5xl p-4">
          <Spinner label="Loading your dashboard…" />
        </main>
      </BrandShell>
    );
  }
  if (record.isError) return <DashboardUnavailable />;

  const student = record.data;
  const records = <StudentRecords studentId={student.id} />;
  return (
    <BrandShell title={DASHBOARD_TITLE} headerEnd={logoutButton}>
      <main id="main" tabIndex={-1}>
        <DashboardHeading student={student} firstVisit={firstVisit} />
        <div className="mx-auto max-w-5xl p-4">
          <RefundNotice student={student} />
          {!student.enrollment_paid ? (
            <>
              <EnrolmentPaymentPrompt />
              {records}
            </>
          ) : !student.course_paid ? (
            <>
              <CourseChoice paidPence={poundsToPence(student.total_paid)} />
              {records}
            </>
          ) : (
            <CourseDashboard student={student}>{records}</CourseDashboard>
          )}
        </div>
      </main>
    </BrandShell>
  );
}
