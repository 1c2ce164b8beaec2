import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { paths } from '@shared/routes';
import { messages } from '@shared/messages';
import {
  preloadPhoneCheck,
  preloadRegistrationForm,
  useRegistrationForm,
  type OnRegistered,
  type RegistrationForm,
} from '../lib/use-registration-form';
import { preloadLaterSteps } from './lazy-steps';
import { useVerificationQuestion, VerificationQuestion } from './verification-question';

const m = messages.enrolment;

/** The form's validation and the later steps start loading when the visitor first reaches the form. */
function preloadOnFocus() {
  preloadRegistrationForm();
  preloadLaterSteps();
}

/**
 * Step 1: who is enrolling, plus the maths verification (the sum of two integers 1-10; 6 + 2 at
 * first). Continue registers the student (POST /api/students) before moving on.
 */
export function PersonalInfoStep({ onRegistered }: { onRegistered: OnRegistered }) {
  const verification = useVerificationQuestion();
  const { form, submit, alreadyRegistered, pending } = useRegistrationForm(verification.solved, onRegistered);
  return (
    <form onSubmit={submit} onFocus={preloadOnFocus} noValidate className="space-y-5">
      <h2 className="text-xl font-bold">Personal Information</h2>
      <RegistrationFields form={form} alreadyRegistered={alreadyRegistered} />
      <VerificationQuestion {...verification} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.home} className={buttonClasses('outline')}>
          Back to Home
        </Link>
        <Button type="submit" loading={pending}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/** Name, email (and the notice when it is registered already), phone and referral code. */
function RegistrationFields({ form, alreadyRegistered }: { form: RegistrationForm; alreadyRegistered: boolean }) {
  const { errors } = form.formState;
  return (
    <>
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
        onFocus={preloadPhoneCheck}
        {...form.register('phone')}
      />
      <Field
        label="Referral Code (optional)"
        hint="Were you recommended by a student? Enter their code, e.g. VBR-AB12CD."
        autoComplete="off"
        error={errors.referral_code?.message}
        {...form.register('referral_code')}
      />
      <SignupConsent form={form} />
      <MarketingOptOut form={form} />
    </>
  );
}

/** The opt-out of reminders and news: unticked, so the soft opt-in applies unless the customer ticks it. */
function MarketingOptOut({ form }: { form: RegistrationForm }) {
  const id = useId();
  const optOut = m.marketingOptOut;
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-brand-700"
        aria-describedby={`${id}-hint`}
        {...form.register('marketing_opt_out')}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {optOut.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {optOut.hint}
        </p>
      </div>
    </div>
  );
}

/** The consent to appear in the recent sign-ups widget: unticked; the town is asked only once it is ticked. */
function SignupConsent({ form }: { form: RegistrationForm }) {
  const id = useId();
  const consent = m.signupConsent;
  const ticked = form.watch('show_in_recent_signups') === true;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          aria-describedby={`${id}-hint`}
          {...form.register('show_in_recent_signups')}
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {consent.label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {consent.hint}
          </p>
        </div>
      </div>
      {ticked && (
        <Field
          label={consent.town}
          hint={consent.townHint}
          autoComplete="address-level2"
          error={form.formState.errors.town?.message}
          {...form.register('town')}
        />
      )}
    </div>
  );
}
