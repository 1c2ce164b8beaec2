import { RefreshCw } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '@client/lib/toast';
import { Button, buttonClasses } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { ApiError } from '@client/lib/api-client';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import type { RegistrationBody } from '@shared/schemas/enrolment';
import { useRegisterStudent } from '../api/register-student';
import type { RegistrationFormOutput } from '../lib/registration-form';
import type { WizardStudent } from '../lib/wizard';

const m = messages.enrolment;

type FormInput = RegistrationBody;
type FormOutput = RegistrationFormOutput;

/** The form's validation (lib/registration-form.ts), loaded when the form gets focus or is sent. */
const loadRegistrationForm = () => import('../lib/registration-form');
const preloadRegistrationForm = () => void loadRegistrationForm().catch(() => undefined);

/** If the validation cannot load (the connection dropped), the form says so and keeps what was typed. */
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values, context, options) => {
  let loaded: Awaited<ReturnType<typeof loadRegistrationForm>>;
  try {
    loaded = await loadRegistrationForm();
  } catch {
    return { values: {}, errors: { root: { type: 'unavailable', message: messages.common.serviceUnavailable } } };
  }
  return loaded.registrationResolver(values, context, options);
};

const randomOperand = () => Math.floor(Math.random() * 10) + 1;

/**
 * Step 1: who is enrolling, plus the maths verification (the sum of two integers 1-10; 6 + 2 at
 * first). Continue registers the student (POST /api/students) before moving on.
 */
export function PersonalInfoStep({
  onRegistered,
}: {
  /** `unknownReferralCode`: the code typed when the server did not recognise it, else null. */
  onRegistered: (student: WizardStudent, token: string, unknownReferralCode: string | null) => void;
}) {
  const [question, setQuestion] = useState({ a: 6, b: 2 });
  const [answer, setAnswer] = useState('');
  // The step is prerendered (docs/decisions/028): an answer typed before hydration is in the input
  // but not in the state; React leaves it there at hydration, and the next render would empty it.
  // Taken over once, after hydration.
  // (The other fields are react-hook-form's, which reads what is in the inputs when they register.)
  const answerInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = answerInput.current?.value;
    if (typed) setAnswer(typed);
  }, []);
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const register = useRegisterStudent();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { first_name: '', last_name: '', email: '', phone: '', referral_code: '' },
  });
  const solved = answer.trim() !== '' && Number(answer) === question.a + question.b;

  const newQuestion = () => {
    setQuestion({ a: randomOperand(), b: randomOperand() });
    setAnswer('');
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (!solved) {
        toast.error(m.verificationWrong);
        return;
      }
      setAlreadyRegistered(false);
      try {
        const { id, token, referral_code_status } = await register.mutateAsync(values);
        toast.success(m.registrationCreated);
        onRegistered(
          {
            id,
            email: values.email,
            first_name: values.first_name,
            last_name: values.last_name,
            enrollment_paid: false,
            course_paid: false,
          },
          token,
          referral_code_status === 'unknown' ? values.referral_code : null,
        );
      } catch (error) {
        const duplicate = error instanceof ApiError && error.status === 400;
        setAlreadyRegistered(duplicate);
        toast.error(duplicate ? m.emailAlreadyRegistered : m.registrationFailed);
      }
    },
    (invalid) => {
      const first = Object.values(invalid).find((error) => error?.message);
      toast.error(first?.message ?? m.requiredFields);
    },
  );

  const { errors } = form.formState;
  return (
    <form onSubmit={submit} onFocus={preloadRegistrationForm} noValidate className="space-y-5">
      <h2 className="text-xl font-bold">Personal Information</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          required
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <Field
          label="Last Name"
          required
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <Field
        label="Email Address"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      {alreadyRegistered && (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="font-semibold">{m.emailAlreadyRegistered}</p>
          <p>{m.alreadyRegisteredResume}</p>
          <Link to={paths.studentLogin} className={buttonClasses('primary', 'sm')}>
            {m.alreadyRegisteredSignIn}
          </Link>
        </div>
      )}
      <Field
        label="Phone Number (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        onFocus={() =>
          void loadRegistrationForm()
            .then(({ loadPhoneCheck }) => loadPhoneCheck())
            .catch(() => undefined)
        }
        {...form.register('phone')}
      />
      <Field
        label="Referral Code (optional)"
        hint="Were you recommended by a student? Enter their code, e.g. VBR-AB12CD."
        autoComplete="off"
        error={errors.referral_code?.message}
        {...form.register('referral_code')}
      />
      <fieldset className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Verification</legend>
        <div className="flex flex-wrap items-end gap-3">
          <Field
            label={`What is ${question.a} + ${question.b}?`}
            inputMode="numeric"
            autoComplete="off"
            required
            className="w-40"
            ref={answerInput}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <Button variant="outline" onClick={newQuestion} aria-label="New verification question">
            <RefreshCw className="size-4" aria-hidden />
            New
          </Button>
          {solved && <span className="pb-2 text-sm font-semibold text-emerald-800">Verified</span>}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.home} className={buttonClasses('outline')}>
          Back to Home
        </Link>
        <Button type="submit" loading={register.isPending}>
          Continue
        </Button>
      </div>
    </form>
  );
}
