import { CheckCircle2, Clock, Lock, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@client/components/ui/badge';
import { buttonClasses } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { paths } from '@shared/routes';
import { COURSE_TYPES, COURSES } from '@shared/catalogue';
import { useCatalogue } from '@client/lib/catalogue';
import { Spinner } from '@client/components/ui/spinner';
import { formatPence } from '@shared/money';

/**
 * View 2: enrolment paid, no course paid yet. The two courses at today's prices and the account
 * status (with what the student paid for the fee, whatever it costs today).
 */
export function CourseChoice({ paidPence }: { paidPence: number }) {
  const catalogue = useCatalogue();
  return (
    <div className="space-y-6">
      <Card className="flex items-start gap-3 border-emerald-200 bg-emerald-50">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
        <div>
          <h2 className="text-lg font-bold text-emerald-900">Enrollment Confirmed</h2>
          <p className="text-emerald-900">Your enrollment fee is paid. Choose your course to start learning.</p>
        </div>
      </Card>

      <section aria-labelledby="choose-course" className="space-y-4">
        <h2 id="choose-course" className="text-xl font-bold">
          Choose Your Course
        </h2>
        {!catalogue && <Spinner label="Loading courses…" />}
        <div className="grid gap-4 md:grid-cols-2">
          {COURSE_TYPES.map((type) => {
            const course = COURSES[type];
            if (!catalogue) return null;
            return (
              <Card key={type} className="flex flex-col gap-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-lg font-bold">{catalogue.courses[type].title}</h3>
                  {type === 'pro' && <Badge tone="purple">Most Popular</Badge>}
                </div>
                <p className="text-3xl font-bold">{formatPence(catalogue.courses[type].price_pence)}</p>
                <p className="text-sm text-slate-600">{course.stages.length} stages</p>
                <ol className="list-inside list-decimal space-y-1 text-sm text-slate-700">
                  {course.stages.map((stage) => (
                    <li key={stage}>{stage}</li>
                  ))}
                </ol>
                <Link
                  to={paths.enrolCourseSelection(type)}
                  className={buttonClasses(type === 'pro' ? 'primary' : 'secondary', 'md', 'mt-auto')}
                >
                  Choose {course.shortName}
                </Link>
              </Card>
            );
          })}
        </div>
      </section>

      <Card aria-labelledby="account-status" className="space-y-3">
        <h2 id="account-status" className="text-lg font-bold">
          Account Status
        </h2>
        <dl className="divide-y divide-slate-100">
          <StatusRow
            label="Enrollment"
            icon={CheckCircle2}
            tone="text-emerald-800"
            value={`Paid (${formatPence(paidPence)})`}
          />
          <StatusRow label="Course selection" icon={Clock} tone="text-amber-800" value="Pending" />
          <StatusRow label="Progress tracking" icon={Lock} tone="text-slate-700" value="Locked" />
        </dl>
      </Card>
    </div>
  );
}

function StatusRow({
  label,
  icon: Icon,
  tone,
  value,
}: {
  label: string;
  icon: LucideIcon;
  tone: string;
  value: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className={`flex items-center gap-1 font-semibold ${tone}`}>
        <Icon className="size-4" aria-hidden /> {value}
      </dd>
    </div>
  );
}
