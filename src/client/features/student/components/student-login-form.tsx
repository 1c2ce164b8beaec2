import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import type { StudentLoginResponse } from '@shared/schemas/student-area';
import { useStartLogin, useVerifyCode } from '../api/log-in-student';

// One rule, checked with react-hook-form's own `validate`: zod and its resolver would add to this
// prerendered page's JavaScript (sizes in docs/perf/history.md). The server checks the address.
interface LoginValues {
  email: string;
}
const emailRule = { validate: (email: string) => email.trim() !== '' || messages.student.emailRequired };

const RESEND_AFTER_SECONDS = 60;

/** After any sign-in (code, email or link): paid students go to their dashboard, unpaid ones back to the enrolment. */
export function useEnterStudentArea() {
  const navigate = useNavigate();
  return (student: StudentLoginResponse) => {
    if (!student.enrollment_paid) {
      toast.info(messages.student.enrolmentUnpaid);
      void navigate(paths.enrol);
      return;
    }
    toast.success(messages.student.welcomeBack);
    void navigate(paths.studentDashboard);
  };
}

/** Step 1 the email; step 2 (STUDENT_LOGIN=code, the default) the 6-digit code from the email. */
export function StudentLoginForm() {
  const start = useStartLogin();
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const form = useForm<LoginValues>({ defaultValues: { email: '' } });
  const enter = useEnterStudentArea();

  const onValid = ({ email: typed }: LoginValues) => {
    const email = typed.trim();
    start.mutate(email, {
      onSuccess: (result) => {
        if (result.kind === 'signed-in') enter(result.student);
        else setCodeFor(email);
      },
      onError: (error) => {
        toast.error(
          error instanceof ApiError && error.status === 404
            ? messages.student.emailNotFound
            : error instanceof ApiError && error.status === 429 && error.detail
              ? error.detail
              : messages.student.loginFailed,
        );
      },
    });
  };

  if (codeFor) {
    return <CodeStep email={codeFor} onSignedIn={enter} onUseAnotherEmail={() => setCodeFor(null)} />;
  }

  const onInvalid = () => toast.error(messages.student.emailRequired);
  const emailError = form.formState.errors.email?.message;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4">
      <Field
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        hint="Use the email address you enrolled with."
        error={emailError}
        required
        {...form.register('email', emailRule)}
      />
      <Button type="submit" size="lg" className="w-full" loading={start.isPending}>
        Access My Course Dashboard
      </Button>
    </form>
  );
}

/** "Resend code", allowed 60 s after the last code was sent; `onResent` once a new code has gone. */
function useResendCode(email: string, onResent: () => void) {
  const resend = useStartLogin();
  const [resendIn, setResendIn] = useState(RESEND_AFTER_SECONDS);
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const resendCode = () =>
    resend.mutate(email, {
      onSuccess: () => {
        setResendIn(RESEND_AFTER_SECONDS);
        onResent();
        toast.success(messages.student.codeResent);
      },
      onError: (e) => toast.error(e instanceof ApiError && e.detail ? e.detail : messages.student.loginFailed),
    });
  return { resendIn, resendCode, resending: resend.isPending };
}

function CodeStep(props: {
  email: string;
  onSignedIn: (student: StudentLoginResponse) => void;
  onUseAnotherEmail: () => void;
}) {
  const verify = useVerifyCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { resendIn, resendCode, resending } = useResendCode(props.email, () => setCode(''));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(messages.student.codeFormat);
      return;
    }
    setError(undefined);
    verify.mutate(
      { email: props.email, code },
      {
        onSuccess: props.onSignedIn,
        onError: (e) => {
          const detail = e instanceof ApiError && e.detail ? e.detail : messages.student.loginFailed;
          setError(detail);
          toast.error(detail);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-800" role="status">
        {messages.student.codeSent(props.email)}
      </p>
      <Field
        label={messages.student.codeLabel}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        value={code}
        error={error}
        // A pasted code may carry spaces or dashes ("123 456"): keep the digits (no maxLength, which
        // would cut such a paste short).
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        required
        autoFocus
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
        {messages.student.verifyCode}
      </Button>
      <div className="flex items-center justify-between gap-2 text-sm">
        <Button type="button" variant="ghost" onClick={props.onUseAnotherEmail}>
          {messages.student.useAnotherEmail}
        </Button>
        <Button type="button" variant="ghost" onClick={resendCode} disabled={resendIn > 0} loading={resending}>
          {resendIn > 0 ? messages.student.resendIn(resendIn) : messages.student.resendCode}
        </Button>
      </div>
    </form>
  );
}
