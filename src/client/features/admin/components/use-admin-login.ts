import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { paths } from '@shared/routes';
import { adminLoginBody } from '@shared/schemas/admin-auth';
import { ApiError } from '@client/lib/api-client';
import { useLogInAdmin } from '../api/log-in-admin';
import { loginFailureMessage, secondFactorFields, type SecondFactor } from './second-factor';

const credentials = adminLoginBody.pick({ username: true, password: true });
type Credentials = { username: string; password: string };

/**
 * The admin sign-in: username and password, then (when the server asks) an authenticator or recovery
 * code; on success the dashboard.
 */
/** Where to go after signing in: the admin page that sent the admin here, or the overview. */
function returnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith(`${paths.adminDashboard}/`) ? from : paths.adminDashboard;
}

export function useAdminLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogInAdmin();
  const form = useForm<Credentials>({
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

  const onSubmit = form.handleSubmit(
    (values) => {
      const checked = secondFactorFields(second, code);
      if ('error' in checked) {
        setCodeError(checked.error);
        return;
      }
      const factor = checked.fields;
      login.mutate(
        { ...values, ...factor },
        {
          onSuccess: () => {
            toast.success(messages.admin.loginSuccessful);
            navigate(returnTo(location.state), { replace: true });
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
            toast.error(loginFailureMessage(error));
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

  return {
    form,
    onSubmit,
    pending: login.isPending,
    secondFactor: { second, code, setCode, codeError, codeInput, switchFactor },
  };
}
