import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { adminLoginBody, type AdminLoginBody } from '@shared/schemas/admin-auth';
import { Button } from '@client/components/ui/button';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { hasAdminToken } from '../api/admin-api';
import { useLogInAdmin } from '../api/log-in-admin';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionEnded = params.get('session') === 'ended';
  const login = useLogInAdmin();
  const { register, handleSubmit, formState } = useForm<AdminLoginBody>({
    resolver: zodResolver(adminLoginBody),
    defaultValues: { username: '', password: '' },
  });

  if (hasAdminToken()) return <Navigate to={paths.adminDashboard} replace />;

  const onSubmit = handleSubmit(
    (values) =>
      login.mutate(values, {
        onSuccess: () => {
          toast.success(messages.admin.loginSuccessful);
          navigate(paths.adminDashboard, { replace: true });
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status === 401
              ? messages.admin.invalidCredentials
              : messages.admin.loginFailed,
          ),
      }),
    () => toast.error(messages.admin.loginFieldsRequired),
  );

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
          <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
            <Field
              label="Username"
              autoComplete="username"
              error={formState.errors.username?.message}
              {...register('username')}
            />
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              error={formState.errors.password?.message}
              {...register('password')}
            />
            <Button type="submit" className="w-full" loading={login.isPending}>
              Login to Dashboard
            </Button>
          </form>
          <p className="mt-6 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <ShieldAlert className="size-5 shrink-0" aria-hidden />
            Restricted access: this area is for authorised administrators only. Sign-in attempts are logged.
          </p>
        </Card>
      </main>
    </BrandShell>
  );
}
