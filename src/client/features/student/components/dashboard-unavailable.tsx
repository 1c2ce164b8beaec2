import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@client/components/ui/button';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';

/** The fallback screen when the dashboard cannot load. */
export function DashboardUnavailable() {
  return (
    <BrandShell>
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-lg items-center px-4 py-10">
        <Card className="w-full space-y-4 text-center">
          <AlertTriangle className="mx-auto size-10 text-amber-600" aria-hidden />
          <h1 className="text-2xl font-bold">{messages.student.dashboardUnavailable}</h1>
          <p className="text-slate-600">We could not load your course information. Please log in again.</p>
          <Link to={paths.studentLogin} className={buttonClasses('primary', 'md')}>
            Back to Login
          </Link>
        </Card>
      </main>
    </BrandShell>
  );
}
