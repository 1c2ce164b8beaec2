import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import { MIN_PASSWORD_LENGTH } from '@shared/passwords';
import type { TotpSetupResponse } from '@shared/schemas/admin-auth';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { errorDetail } from '@client/lib/api-client';
import { useAdminMe } from '../api/admin-me';
import { useChangeOwnPassword, useDisableTotp, useEnableTotp, useStartTotpSetup } from '../api/two-factor';
import { CopyButton } from './copy-button';

/** The otpauth:// URL as an SVG QR code (the library is loaded only when an admin sets up). */
function useQrCode(url: string | undefined): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((made) => live && setSvg(made));
    return () => {
      live = false;
    };
  }, [url]);
  return url ? svg : null;
}

/** The current password, asked again before any change to two-factor sign-in (a session alone is not enough). */
function PasswordField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      className="sm:w-64"
    />
  );
}

/** The password and a code from the app; a wrong password shows at the password, anything else at the code. */
function CodeForm({
  label,
  submitLabel,
  pending,
  onSubmit,
  tone = 'primary',
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: { password: string; code: string }) => Promise<unknown>;
  tone?: 'primary' | 'danger';
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!password) found.password = messages.adminSecurity.currentPasswordRequired;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) found.code = messages.adminSecurity.totpCodeFormat;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit({ password, code }).catch((e: unknown) => {
      const detail = errorDetail(e, messages.adminSecurity.totpChangeFailed);
      setErrors(detail === messages.adminSecurity.currentPasswordWrong ? { password: detail } : { code: detail });
      setCode('');
    });
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <PasswordField value={password} onChange={setPassword} error={errors.password} />
      <Field
        label={label}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        className="sm:w-64"
      />
      <Button type="submit" variant={tone} loading={pending} className="sm:mt-6">
        {submitLabel}
      </Button>
    </form>
  );
}

/** Starting the set-up: the current password first. */
function StartSetUp({ start }: { start: ReturnType<typeof useStartTotpSetup> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(messages.adminSecurity.currentPasswordRequired);
    setError(undefined);
    start.mutate(
      { password },
      {
        onError: (e: unknown) => {
          const detail = errorDetail(e, messages.adminSecurity.totpSetupFailed);
          if (detail === messages.adminSecurity.currentPasswordWrong) setError(detail);
          else toast.error(detail);
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <PasswordField value={password} onChange={setPassword} error={error} />
      <Button type="submit" loading={start.isPending} className="sm:mt-6">
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <p role="status" className="font-medium text-emerald-800">
        {messages.adminSecurity.totpEnabled}
      </p>
      <p className="text-sm text-slate-700">{messages.adminSecurity.recoveryCodesOnce}</p>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy codes" copied="Recovery codes copied" />
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </div>
    </div>
  );
}

function SetUp({ setup, onEnabled }: { setup: TotpSetupResponse; onEnabled: (codes: string[]) => void }) {
  const qr = useQrCode(setup.otpauth_url);
  const enable = useEnableTotp();
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with an authenticator app, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows to confirm.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-48 items-center justify-center rounded-lg border border-slate-200 bg-white">
          {qr ? (
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(qr)}`}
              alt="QR code to add this account to an authenticator app"
              className="size-44"
            />
          ) : (
            <Spinner />
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-800">Key (if you cannot scan)</p>
          <p data-testid="totp-secret" className="font-mono text-base break-all text-slate-900">
            {setup.secret}
          </p>
        </div>
      </div>
      <CodeForm
        label="Code from the app"
        submitLabel="Confirm and turn on"
        pending={enable.isPending}
        onSubmit={(body) => enable.mutateAsync(body).then((r) => onEnabled(r.recovery_codes))}
      />
    </div>
  );
}

/** Which field of the password form a refusal of the server belongs to. */
function fieldOfRefusal(detail: string): 'current' | 'code' | 'next' {
  if (detail === messages.adminSecurity.currentPasswordWrong) return 'current';
  if (detail === messages.adminSecurity.totpCodeWrong || detail === messages.adminSecurity.totpRequired) return 'code';
  return 'next';
}

/** The admin's own password: the current one (and a code from the app when two-factor is on), then the new one twice. */
function ChangePassword({ totpOn }: { totpOn: boolean }) {
  const change = useChangeOwnPassword();
  const empty = { current: '', code: '', next: '', again: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.current) found.current = messages.adminSecurity.currentPasswordRequired;
    if (totpOn && !/^\d{6}$/.test(values.code.replace(/\s/g, ''))) found.code = messages.adminSecurity.totpCodeFormat;
    if (values.next.length < MIN_PASSWORD_LENGTH)
      found.next = messages.adminSecurity.passwordTooShort(MIN_PASSWORD_LENGTH);
    else if (values.again !== values.next) found.again = messages.adminSecurity.passwordsDiffer;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const code = totpOn ? { code: values.code } : {};
    await change.mutateAsync({ current_password: values.current, new_password: values.next, ...code }).then(
      () => {
        setValues(empty);
        toast.success(messages.adminSecurity.passwordChanged);
      },
      (e: unknown) => {
        const detail = errorDetail(e, messages.common.serverError);
        const field = fieldOfRefusal(detail);
        setErrors({ [field]: detail });
        if (field === 'code') setValues((v) => ({ ...v, code: '' }));
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-3">
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.current}
        onChange={set('current')}
        error={errors.current}
      />
      {totpOn && (
        <Field
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={values.code}
          onChange={set('code')}
          error={errors.code}
        />
      )}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        value={values.next}
        onChange={set('next')}
        error={errors.next}
      />
      <Field
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={values.again}
        onChange={set('again')}
        error={errors.again}
      />
      <Button type="submit" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

/** Any admin: their own password, and two-factor sign-in (TOTP) on or off for their own account. */
export function SecurityTab() {
  const me = useAdminMe();
  const start = useStartTotpSetup();
  const disable = useDisableTotp();
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (me.isPending) body = <Spinner />;
  else if (me.isError) body = <p role="alert">{messages.admin.listLoadFailed}</p>;
  else if (me.data.totp_enabled)
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 font-medium text-emerald-800">
          <ShieldCheck className="size-5" aria-hidden /> Two-factor sign-in is on.
        </p>
        <CodeForm
          label="Code from the app, to turn it off"
          submitLabel="Turn off two-factor sign-in"
          tone="danger"
          pending={disable.isPending}
          onSubmit={(body) => disable.mutateAsync(body).then(() => toast.success(messages.adminSecurity.totpDisabled))}
        />
      </div>
    );
  else if (start.data) body = <SetUp setup={start.data} onEnabled={setCodes} />;
  else
    body = (
      <div className="space-y-4">
        <p className="flex items-center gap-2 font-medium text-slate-800">
          <ShieldOff className="size-5" aria-hidden /> Two-factor sign-in is off.
        </p>
        <p className="text-sm text-slate-700">
          With it on, signing in needs a code from an authenticator app on your phone as well as your password. Turning
          it on or off signs out your other devices.
        </p>
        <StartSetUp start={start} />
      </div>
    );

  return (
    <div className="space-y-8">
      <section aria-labelledby="security-heading" className="space-y-4">
        <h2 id="security-heading" className="text-xl font-semibold">
          Two-factor sign-in
        </h2>
        <Card>{body}</Card>
      </section>
      <section aria-labelledby="password-heading" className="space-y-4">
        <h2 id="password-heading" className="text-xl font-semibold">
          Password
        </h2>
        <Card>
          <ChangePassword totpOn={me.data?.totp_enabled === true} />
        </Card>
      </section>
    </div>
  );
}
