import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { BrandFooter } from '@client/components/layout/brand-shell';
import { PageMeta, SITE_TITLE } from '@client/components/layout/page-meta';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { adminTokenStatus, sessionEndedLogin } from '../api/admin-api';
import { useAdminStats } from '../api/get-admin-stats';
import { useLogOutAdmin } from '../api/log-out-admin';
import { ActivityTab } from '../components/activity-tab';
import { AdminHeader } from '../components/admin-header';
import { CertificatesTab } from '../components/certificates-tab';
import { IdVerificationTab } from '../components/id-verification-tab';
import { EmailsTab } from '../components/emails-tab';
import { ErasureRequestsTab } from '../components/erasure-requests-tab';
import { MessagesTab } from '../components/messages-tab';
import { PaymentsTab } from '../components/payments-tab';
import { ProgressTab } from '../components/progress-tab';
import { ReferralsTab } from '../components/referrals-tab';
import { StatsCards } from '../components/stats-cards';
import { StudentsTab } from '../components/students-tab';
import { WeeklyChart } from '../components/weekly-chart';

const TABS = [
  { value: 'students', label: 'Student Management', Panel: StudentsTab },
  { value: 'payments', label: 'Payments', Panel: PaymentsTab },
  { value: 'progress', label: 'Course Progress', Panel: ProgressTab },
  { value: 'referrals', label: 'Referral Codes', Panel: ReferralsTab },
  { value: 'certificates', label: 'Certificates', Panel: CertificatesTab },
  { value: 'id-verification', label: 'ID Verification', Panel: IdVerificationTab },
  { value: 'activity', label: 'Activity', Panel: ActivityTab },
  { value: 'messages', label: 'Messages', Panel: MessagesTab },
  { value: 'emails', label: 'Emails', Panel: EmailsTab },
  { value: 'erasure-requests', label: 'Erasure Requests', Panel: ErasureRequestsTab },
] as const;

function Dashboard() {
  const navigate = useNavigate();
  const stats = useAdminStats();
  const logout = useLogOutAdmin();

  useEffect(() => {
    if (stats.isError && !(stats.error instanceof ApiError && stats.error.status === 401)) {
      toast.error(messages.admin.dashboardLoadFailed);
    }
  }, [stats.isError, stats.error]);

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => navigate(paths.adminLogin, { replace: true }) });
  }

  return (
    <div className="flex min-h-screen flex-col">
      <PageMeta title={SITE_TITLE} />
      <AdminHeader onLogout={onLogout} loggingOut={logout.isPending} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 space-y-6 px-4 py-6">
        <StatsCards stats={stats.data} />
        {stats.data && <WeeklyChart weeks={stats.data.weekly} />}
        <Tabs.Root defaultValue="students" className="space-y-4">
          <Tabs.List
            aria-label="Admin sections"
            className="flex gap-1 overflow-x-auto rounded-xl bg-white p-1 shadow-sm"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-2">
              <Panel />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
      <BrandFooter />
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
