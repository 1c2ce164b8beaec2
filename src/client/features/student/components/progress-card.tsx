import { Card } from '@client/components/ui/card';
import { ProgressBar } from '@client/components/ui/progress-bar';
import type { StudentProgress } from '@shared/schemas/student-area';

/** Percentage, completed and remaining stages, as the server computed them. */
export function ProgressCard({ progress }: { progress: StudentProgress }) {
  const remaining = progress.total_stages - progress.completed_stages;
  return (
    <Card aria-labelledby="progress-heading" className="space-y-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="progress-heading" className="text-lg font-bold">
          Your Progress
        </h2>
        <p className="text-3xl font-bold text-brand-700" data-testid="progress-percentage">
          {Math.round(progress.progress_percentage)}%
        </p>
      </div>
      <ProgressBar value={progress.progress_percentage} label="Course progress" />
      <dl className="grid grid-cols-2 gap-4 text-center">
        <div className="rounded-lg bg-emerald-50 p-3">
          <dt className="text-sm text-emerald-900">Completed</dt>
          <dd className="text-2xl font-bold text-emerald-900">{progress.completed_stages}</dd>
        </div>
        <div className="rounded-lg bg-slate-100 p-3">
          <dt className="text-sm text-slate-700">Remaining</dt>
          <dd className="text-2xl font-bold text-slate-900">{remaining}</dd>
        </div>
      </dl>
    </Card>
  );
}
