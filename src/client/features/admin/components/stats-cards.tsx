import { BookOpen, CheckCircle2, Clock, GraduationCap, HandCoins, MailCheck, PoundSterling, Users } from 'lucide-react';
import { formatPence, poundsToPence } from '@shared/money';
import type { ComponentType } from 'react';
import type { AdminStats } from '@shared/schemas/admin';
import type { FunnelResponse } from '../api/funnel';

type Reminders = FunnelResponse['reminders'];

interface CardSpec {
  key: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
}

const statCard = (key: keyof Omit<AdminStats, 'weekly'>, label: string, icon: CardSpec['icon']) => ({
  key,
  label,
  icon,
  value: (stats: AdminStats) =>
    key === 'total_revenue' ? formatPence(poundsToPence(stats[key])) : stats[key].toLocaleString('en-GB'),
});

const STAT_CARDS = [
  statCard('total_students', 'Total Students', Users),
  statCard('enrollment_paid', 'Enrollments Paid', CheckCircle2),
  statCard('total_revenue', 'Total Revenue', PoundSterling),
  // Students who registered and have not paid the fee: what the reminders try to win back.
  statCard('pending_payments', 'Registered, Not Paid', Clock),
];

/** Beside "Registered, Not Paid": what the reminders of the last 12 weeks brought back (GET /api/admin/funnel). */
const REMINDER_CARDS = [
  {
    key: 'reminders_recovered',
    label: 'Paid After a Reminder',
    icon: MailCheck,
    value: (r: Reminders) => r.recovered.toLocaleString('en-GB'),
  },
  {
    key: 'reminders_revenue',
    label: 'Won Back by Reminders',
    icon: HandCoins,
    value: (r: Reminders) => formatPence(r.recovered_revenue_pence),
  },
];

const COURSE_CARDS = [
  statCard('foundation_students', 'Foundation Students', BookOpen),
  statCard('pro_students', 'Pro Students', GraduationCap),
];

function StatCard({ spec, value }: { spec: CardSpec; value: string | undefined }) {
  const Icon = spec.icon;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
        {spec.label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${spec.key}`}>
        {value ?? '…'}
      </dd>
    </div>
  );
}

export function StatsCards({ stats, reminders }: { stats: AdminStats | undefined; reminders: Reminders | undefined }) {
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {STAT_CARDS.map((spec) => (
          <StatCard key={spec.key} spec={spec} value={stats && spec.value(stats)} />
        ))}
        {REMINDER_CARDS.map((spec) => (
          <StatCard key={spec.key} spec={spec} value={reminders && spec.value(reminders)} />
        ))}
        {COURSE_CARDS.map((spec) => (
          <StatCard key={spec.key} spec={spec} value={stats && spec.value(stats)} />
        ))}
      </dl>
    </section>
  );
}
