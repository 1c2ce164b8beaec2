import { BookOpen, CheckCircle2, Clock, GraduationCap, PoundSterling, Users } from 'lucide-react';
import { formatPence, poundsToPence } from '@shared/money';
import type { ComponentType } from 'react';
import type { AdminStats } from '@shared/schemas/admin';

const CARDS: Array<{
  key: keyof Omit<AdminStats, 'weekly'>;
  label: string;
  icon: ComponentType<{ className?: string }>;
}> = [
  { key: 'total_students', label: 'Total Students', icon: Users },
  { key: 'enrollment_paid', label: 'Enrollments Paid', icon: CheckCircle2 },
  { key: 'total_revenue', label: 'Total Revenue', icon: PoundSterling },
  { key: 'pending_payments', label: 'Pending Payments', icon: Clock },
  { key: 'foundation_students', label: 'Foundation Students', icon: BookOpen },
  { key: 'pro_students', label: 'Pro Students', icon: GraduationCap },
];

export function StatsCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {CARDS.map(({ key, label, icon: Icon }) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <Icon className="size-4 text-brand-700" aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`stat-${key}`}>
              {stats
                ? key === 'total_revenue'
                  ? formatPence(poundsToPence(stats[key]))
                  : stats[key].toLocaleString('en-GB')
                : '…'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
