import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@client/lib/toast';
import { ApiError } from '@client/lib/api-client';
import { messages } from '@shared/messages';
import type { RegistrationBody } from '@shared/schemas/enrolment';
import { useRegisterStudent } from '../api/register-student';
import type { RegistrationFormOutput } from './registration-form';
import type { WizardStudent } from './wizard';

const m = messages.enrolment;

type FormInput = RegistrationBody;
type FormOutput = RegistrationFormOutput;

/** The form's validation (lib/registration-form.ts), loaded when the form gets focus or is sent. */
const loadRegistrationForm = () => import('./registration-form');
export const preloadRegistrationForm = () => void loadRegistrationForm().catch(() => undefined);
/** The phone check loads when the phone field gets focus (registration-form.ts). */
export const preloadPhoneCheck = () =>
  void loadRegistrationForm()
    .then(({ loadPhoneCheck }) => loadPhoneCheck())
    .catch(() => undefined);

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

/** `unknownReferralCode`: the code typed when the server did not recognise it, else null. */
export type OnRegistered = (student: WizardStudent, token: string, unknownReferralCode: string | null) => void;

/**
 * Step 1's form: sending it (with the verification `solved`) registers the student
 * (POST /api/students). `alreadyRegistered`: the email has a registration already.
 */
export function useRegistrationForm(solved: boolean, onRegistered: OnRegistered) {
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);
  const register = useRegisterStudent();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      referral_code: '',
      show_in_recent_signups: false,
      marketing_opt_out: false,
      town: '',
    },
  });

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

  return { form, submit, alreadyRegistered, pending: register.isPending };
}

export type RegistrationForm = ReturnType<typeof useRegistrationForm>['form'];
