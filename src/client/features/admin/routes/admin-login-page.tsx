import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { messages } from '@shared/messages';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { paths } from '@shared/routes';
import { hasAdminToken } from '../api/admin-api';
import { AdminLoginForm } from '../components/admin-login-form';

export default function AdminLoginPage() {
  const [params] = useSearchParams();
  const sessionEnded = params.get('session') === 'ended';

  if (hasAdminToken()) return <Navigate to={paths.adminDashboard} replace />;

  return (
    <BrandShell>
      <main id="main" tabIndex={-1} className="flex items-center justify-center bg-slate-100 px-4 py-10">
        <Card className="w-full max-w-md">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to Home
          </Link>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Admin Login</h1>
          {sessionEnded && (
            <p
              role="alert"
              className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
            >
              {messages.admin.sessionExpired}
            </p>
          )}
          <p className="mt-1 text-slate-700">Sign in to manage students, payments and certificates.</p>
          <AdminLoginForm />
          <p className="mt-6 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <ShieldAlert className="size-5 shrink-0" aria-hidden />
            Restricted access: this area is for authorised administrators only. Sign-in attempts are logged.
          </p>
        </Card>
      </main>
    </BrandShell>
  );
}
