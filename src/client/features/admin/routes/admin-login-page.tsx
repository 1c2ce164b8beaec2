import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { adminLoginBody } from '@shared/schemas/admin-auth';
import { Button } from '@client/components/ui/button';
import { BrandShell } from '@client/components/layout/brand-shell';
import { Card } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { hasAdminToken } from '../api/admin-api';
import { useLogInAdmin } from '../api/log-in-admin';

const credentials = adminLoginBody.pick({ username: true, password: true });
type Credentials = { username: string; password: string };

/** The second step, once the server said the password was right and a code is needed. */
type SecondFactor = 'totp' | 'recovery' | null;

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionEnded = params.get('session') === 'ended';
  const login = useLogInAdmin();
  const { register, handleSubmit, formState } = useForm<Credentials>({
    resolver: zodResolver(credentials),
    defaultValues: { username: '', password: '' },
  });
  const [second, setSecond] = useState<SecondFactor>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (second) codeInput.current?.focus();
  }, [second]);

  if (hasAdminToken()) return <Navigate to={paths.adminDashboard} replace />;

  const onSubmit = handleSubmit(
    (values) => {
      if (second === 'totp' && !/^\d{6}$/.test(code.replace(/\s/g, ''))) {
        setCodeError(messages.adminSecurity.totpCodeFormat);
        return;
      }
      if (second === 'recovery' && !code.trim()) {
        setCodeError(messages.adminSecurity.recoveryCodeRequired);
        return;
      }
      const factor =
        second === 'totp' && code.trim()
          ? { totp_code: code }
          : second === 'recovery' && code.trim()
            ? { recovery_code: code }
            : {};
      login.mutate(
        { ...values, ...factor },
        {
          onSuccess: () => {
            toast.success(messages.admin.loginSuccessful);
            navigate(paths.adminDashboard, { replace: true });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.flags.totp_required) {
              // Right password: now the code. The first time this is a prompt, not an error.
              setSecond((current) => current ?? 'totp');
              setCodeError(
                'totp_code' in factor || 'recovery_code' in factor ? (error.detail ?? undefined) : undefined,
              );
              setCode('');
              codeInput.current?.focus();
              return;
            }
            toast.error(
              error instanceof ApiError && error.status === 401
                ? messages.admin.invalidCredentials
                : error instanceof ApiError && error.detail
                  ? error.detail
                  : messages.admin.loginFailed,
            );
          },
        },
      );
    },
    () => toast.error(messages.admin.loginFieldsRequired),
  );

  function switchFactor() {
    setSecond((current) => (current === 'recovery' ? 'totp' : 'recovery'));
    setCode('');
    setCodeError(undefined);
  }

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
            {second && (
              <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
                <p role="status" className="text-sm font-medium text-slate-800">
                  {second === 'totp'
                    ? messages.adminSecurity.totpRequired
                    : messages.adminSecurity.recoveryCodeRequired}
                </p>
                <Field
                  key={second}
                  ref={codeInput}
                  label={second === 'totp' ? 'Authentication code' : 'Recovery code'}
                  autoComplete="one-time-code"
                  inputMode={second === 'totp' ? 'numeric' : 'text'}
                  maxLength={second === 'totp' ? 7 : 32}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  error={codeError}
                />
                <button
                  type="button"
                  onClick={switchFactor}
                  className="text-sm font-medium text-brand-700 underline hover:text-brand-900"
                >
                  {second === 'totp' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
                </button>
              </div>
            )}
            <Button type="submit" className="w-full" loading={login.isPending}>
              {second ? 'Verify and sign in' : 'Login to Dashboard'}
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
