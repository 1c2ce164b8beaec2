import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, NavLink, useLocation, useNavigate, useParams } from 'react-router';
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
import { CatalogueTab } from '../components/catalogue-tab';
import { CertificatesTab } from '../components/certificates-tab';
import { ContentTab } from '../components/content-tab';
import { CohortsTab } from '../components/cohorts-tab';
import { IdVerificationTab } from '../components/id-verification-tab';
import { EmailsTab } from '../components/emails-tab';
import { FunnelTab } from '../components/funnel-tab';
import { ErasureRequestsTab } from '../components/erasure-requests-tab';
import { MessagesTab } from '../components/messages-tab';
import { PaymentsTab } from '../components/payments-tab';
import { ProgressTab } from '../components/progress-tab';
import { PromoCodesTab } from '../components/promo-codes-tab';
import { ReferralsTab } from '../components/referrals-tab';
import { SecurityTab } from '../components/security-tab';
import { SettingsTab } from '../components/settings-tab';
import { StatsCards } from '../components/stats-cards';
import { StudentsTab } from '../components/students-tab';
import { WeeklyChart } from '../components/weekly-chart';

/** The admin area's sections, each with its own address (/admin/dashboard/{section}/{tab}). */
const SECTIONS = [
  { value: 'students', label: 'Students' },
  { value: 'money', label: 'Money' },
  { value: 'course', label: 'Course' },
  { value: 'school', label: 'School' },
] as const;
type SectionName = (typeof SECTIONS)[number]['value'];

interface TabSpec {
  value: string;
  label: string;
  Panel: ComponentType;
  section: SectionName;
  /** Hidden from staff (the server refuses them its routes anyway). */
  owner: boolean;
}

const TABS: TabSpec[] = [
  { value: 'students', label: 'Student Management', Panel: StudentsTab, section: 'students', owner: false },
  { value: 'progress', label: 'Course Progress', Panel: ProgressTab, section: 'students', owner: false },
  { value: 'id-verification', label: 'ID Verification', Panel: IdVerificationTab, section: 'students', owner: false },
  { value: 'assessments', label: 'Assessments', Panel: AssessmentsTab, section: 'students', owner: false },
  { value: 'certificates', label: 'Certificates', Panel: CertificatesTab, section: 'students', owner: false },
  { value: 'messages', label: 'Messages', Panel: MessagesTab, section: 'students', owner: false },
  { value: 'broadcasts', label: 'Broadcasts', Panel: BroadcastsTab, section: 'students', owner: true },
  { value: 'payments', label: 'Payments', Panel: PaymentsTab, section: 'money', owner: true },
  { value: 'promo-codes', label: 'Promo Codes', Panel: PromoCodesTab, section: 'money', owner: false },
  { value: 'referrals', label: 'Referral Codes', Panel: ReferralsTab, section: 'money', owner: false },
  { value: 'funnel', label: 'Funnel', Panel: FunnelTab, section: 'money', owner: false },
  { value: 'catalogue', label: 'Catalogue', Panel: CatalogueTab, section: 'course', owner: true },
  { value: 'cohorts', label: 'Cohorts', Panel: CohortsTab, section: 'course', owner: true },
  { value: 'settings', label: 'Settings', Panel: SettingsTab, section: 'school', owner: true },
  { value: 'content', label: 'Site Content', Panel: ContentTab, section: 'school', owner: true },
  { value: 'admins', label: 'Admins', Panel: AdminsTab, section: 'school', owner: true },
  { value: 'security', label: 'Security', Panel: SecurityTab, section: 'school', owner: false },
  { value: 'activity', label: 'Activity', Panel: ActivityTab, section: 'school', owner: true },
  { value: 'emails', label: 'Emails', Panel: EmailsTab, section: 'school', owner: true },
  { value: 'erasure-requests', label: 'Erasure Requests', Panel: ErasureRequestsTab, section: 'school', owner: true },
];

const linkClass =
  'shrink-0 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';

/** The sections this admin may open, as links; Overview (the figures) first. */
function SectionNav({ sections }: { sections: readonly (typeof SECTIONS)[number][] }) {
  return (
    <nav aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm">
      <NavLink to={paths.adminDashboard} end className={linkClass}>
        Overview
      </NavLink>
      {sections.map((section) => (
        <NavLink key={section.value} to={paths.adminSection(section.value)} className={linkClass}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** One section's tabs; the address names the tab, so each can be linked to and survives a reload. */
function SectionTabs({ section, tabs, active }: { section: SectionName; tabs: TabSpec[]; active: string }) {
  const navigate = useNavigate();
  const label = SECTIONS.find((s) => s.value === section)?.label;
  return (
    // Manual activation: arrow keys move focus along the tabs, Enter opens one (each opening is a
    // history entry, so focus alone must not navigate).
    <Tabs.Root
      value={active}
      onValueChange={(tab) => navigate(paths.adminTab(section, tab))}
      activationMode="manual"
      className="space-y-4"
    >
      {/* A phone scrolls the row; from tablet width up the tabs wrap instead of hiding behind a scroll. */}
      <Tabs.List
        aria-label={`${label} tabs`}
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
  );
}

function Dashboard() {
  const navigate = useNavigate();
  const { section: sectionParam, tab: tabParam } = useParams();
  const stats = useAdminStats();
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
  const visibleTabs = TABS.filter((tab) => !tab.owner || isOwner);
  const sections = SECTIONS.filter((section) => visibleTabs.some((tab) => tab.section === section.value));

  useEffect(() => {
    if (stats.isError && !(stats.error instanceof ApiError && stats.error.status === 401) && !setupRequired) {
      toast.error(messages.admin.dashboardLoadFailed);
    }
  }, [stats.isError, stats.error, setupRequired]);

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => navigate(paths.adminLogin, { replace: true }) });
  }

  let content: ReactNode;
  if (setupRequired) {
    content = (
      <>
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950">
          {notice}
        </p>
        <SecurityTab />
      </>
    );
  } else if (me.isPending) {
    // The role decides which sections and tabs there are: nothing is shown that would then change.
    content = <p className="text-slate-600">{messages.admin.loading}</p>;
  } else if (sectionParam === undefined) {
    content = (
      <>
        <SectionNav sections={sections} />
        <Overview stats={stats.data} />
      </>
    );
  } else {
    const section = sections.find((s) => s.value === sectionParam);
    const tabs = visibleTabs.filter((tab) => tab.section === section?.value);
    const active = tabs.find((tab) => tab.value === tabParam) ?? tabs[0];
    // A section this admin does not have (or a mistyped address): the overview.
    if (!section || !active) return <Navigate to={paths.adminDashboard} replace />;
    if (tabParam !== undefined && tabParam !== active.value)
      return <Navigate to={paths.adminTab(section.value, active.value)} replace />;
    content = (
      <>
        <SectionNav sections={sections} />
        <SectionTabs section={section.value} tabs={tabs} active={active.value} />
      </>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <PageMeta title={SITE_TITLE} />
      <AdminHeader onLogout={onLogout} loggingOut={logout.isPending} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 space-y-6 px-4 py-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        {content}
      </main>
      <BrandFooter width="wide" />
    </div>
  );
}

/** The figures, the weekly chart and the reminders' results: the first screen after signing in. */
function Overview({ stats }: { stats: ReturnType<typeof useAdminStats>['data'] }) {
  // The reminders' figures beside "Registered, Not Paid" (the funnel's default range).
  const funnel = useFunnel();
  return (
    <>
      <StatsCards stats={stats} reminders={funnel.data?.reminders} />
      {stats && <WeeklyChart weeks={stats.weekly} />}
    </>
  );
}

/** The dashboard needs an admin token; the server checks it on every call as well. */
export default function AdminDashboardPage() {
  const token = adminTokenStatus();
  const location = useLocation();
  if (token === 'expired') return <Navigate to={sessionEndedLogin} replace />;
  // The login page brings the admin back here (e.g. a tab an e-mail links to).
  if (token === 'none') return <Navigate to={paths.adminLogin} replace state={{ from: location.pathname }} />;
  return <Dashboard />;
}
