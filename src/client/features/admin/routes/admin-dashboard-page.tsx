import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { BrandFooter } from '@client/components/layout/brand-shell';
import { PageMeta, SITE_TITLE } from '@client/components/layout/page-meta';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { adminTokenStatus, sessionEndedLogin } from '../api/admin-api';
import { needsPasswordChange, needsTotpSetup, useAdminMe } from '../api/admin-me';
import { useFunnel } from '../api/funnel';
import { useAdminStats } from '../api/get-admin-stats';
import { useLogOutAdmin } from '../api/log-out-admin';
import { ActivityTab } from '../components/activity-tab';
import { AdminHeader } from '../components/admin-header';
import { AdminsTab } from '../components/admins-tab';
import { AssessmentsTab } from '../components/assessments-tab';
import { BroadcastsTab } from '../components/broadcasts-tab';
import { CertificatesTab } from '../components/certificates-tab';
import { CohortsTab } from '../components/cohorts-tab';
import { IdVerificationTab } from '../components/id-verification-tab';
import { EmailsTab } from '../components/emails-tab';
import { FunnelTab } from '../components/funnel-tab';
import { ErasureRequestsTab } from '../components/erasure-requests-tab';
import { MessagesTab } from '../components/messages-tab';
import { PaymentsTab } from '../components/payments-tab';
import { ProgressTab } from '../components/progress-tab';
import { ReferralsTab } from '../components/referrals-tab';
import { SecurityTab } from '../components/security-tab';
import { SettingsTab } from '../components/settings-tab';
import { StatsCards } from '../components/stats-cards';
import { StudentsTab } from '../components/students-tab';
import { WeeklyChart } from '../components/weekly-chart';

/** `owner`: the tab is hidden from staff (the server refuses them its routes anyway). */
const TABS = [
  { value: 'students', label: 'Student Management', Panel: StudentsTab, owner: false },
  { value: 'payments', label: 'Payments', Panel: PaymentsTab, owner: true },
  { value: 'progress', label: 'Course Progress', Panel: ProgressTab, owner: false },
  { value: 'referrals', label: 'Referral Codes', Panel: ReferralsTab, owner: false },
  { value: 'certificates', label: 'Certificates', Panel: CertificatesTab, owner: false },
  { value: 'id-verification', label: 'ID Verification', Panel: IdVerificationTab, owner: false },
  { value: 'assessments', label: 'Assessments', Panel: AssessmentsTab, owner: false },
  { value: 'activity', label: 'Activity', Panel: ActivityTab, owner: true },
  { value: 'messages', label: 'Messages', Panel: MessagesTab, owner: false },
  { value: 'funnel', label: 'Funnel', Panel: FunnelTab, owner: false },
  { value: 'broadcasts', label: 'Broadcasts', Panel: BroadcastsTab, owner: true },
  { value: 'emails', label: 'Emails', Panel: EmailsTab, owner: true },
  { value: 'cohorts', label: 'Cohorts', Panel: CohortsTab, owner: true },
  { value: 'settings', label: 'Settings', Panel: SettingsTab, owner: true },
  { value: 'admins', label: 'Admins', Panel: AdminsTab, owner: true },
  { value: 'erasure-requests', label: 'Erasure Requests', Panel: ErasureRequestsTab, owner: true },
  { value: 'security', label: 'Security', Panel: SecurityTab, owner: false },
] as const;

function Dashboard() {
  const navigate = useNavigate();
  const stats = useAdminStats();
  // The reminders' figures beside "Registered, Not Paid" (the funnel's default range).
  const funnel = useFunnel();
  const me = useAdminMe();
  const logout = useLogOutAdmin();
  // Until an invited admin replaces the generated password, or (ADMIN_REQUIRE_TOTP) two-factor
  // sign-in is on, only the Security tab can work.
  const notice = needsPasswordChange(stats.error)
    ? messages.adminSecurity.passwordChangeRequired
    : needsTotpSetup(stats.error)
      ? messages.adminSecurity.totpSetupRequired
      : null;
  const setupRequired = notice !== null;
  const isOwner = me.data?.role === 'owner';
  const tabs = setupRequired
    ? TABS.filter((tab) => tab.value === 'security')
    : TABS.filter((tab) => !tab.owner || isOwner);

  useEffect(() => {
    if (stats.isError && !(stats.error instanceof ApiError && stats.error.status === 401) && !setupRequired) {
      toast.error(messages.admin.dashboardLoadFailed);
    }
  }, [stats.isError, stats.error, setupRequired]);

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => navigate(paths.adminLogin, { replace: true }) });
  }

  return (
    <div className="flex min-h-screen flex-col">
      <PageMeta title={SITE_TITLE} />
      <AdminHeader onLogout={onLogout} loggingOut={logout.isPending} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 space-y-6 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        {setupRequired ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
            {notice}
          </p>
        ) : (
          <>
            <StatsCards stats={stats.data} reminders={funnel.data?.reminders} />
            {stats.data && <WeeklyChart weeks={stats.data.weekly} />}
          </>
        )}
        <Tabs.Root
          key={setupRequired ? 'setup' : 'full'}
          defaultValue={setupRequired ? 'security' : 'students'}
          className="space-y-4"
        >
          {/* An owner has 17 tabs: from tablet width up they wrap onto a second row instead of
              hiding the last ones behind a sideways scroll; a phone scrolls the row. */}
          <Tabs.List
            aria-label="Admin sections"
            className="flex gap-1 overflow-x-auto rounded-xl bg-white p-1 shadow-sm sm:flex-wrap sm:overflow-visible"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-2">
              <Panel />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
      <BrandFooter width="wide" />
    </div>
  );
}

/** The dashboard needs an admin token; the server checks it on every call as well. */
export default function AdminDashboardPage() {
  const token = adminTokenStatus();
  if (token === 'expired') return <Navigate to={sessionEndedLogin} replace />;
  if (token === 'none') return <Navigate to={paths.adminLogin} replace />;
  return <Dashboard />;
}
