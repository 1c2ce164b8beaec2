import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { errorDetail } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { contactMessageBody } from '@shared/schemas/public';
import { useSendContactMessage } from '../api/send-contact-message';

type FormInput = z.input<typeof contactMessageBody>;
type FormOutput = z.output<typeof contactMessageBody>;

const empty: FormInput = { name: '', email: '', subject: '', category: 'other', message: '' };

// The validation code (zod) loads on first use, not with the page (and Sonner with the first toast:
// lib/toast.ts); on the support page's own entry, Zod is told not to compile first (lib/zod-jitless.ts).
const loadSchema = () =>
  import('@client/lib/zod-jitless')
    .then(() => import('@shared/schemas/public'))
    .then((module) => module.contactMessageBody);

/**
 * Validates with the same zod schema as the server (first message per field). Written out rather
 * than @hookform/resolvers' zodResolver, which would add to this prerendered page's JavaScript (docs/perf/history.md).
 */
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values) => {
  const parsed = (await loadSchema()).safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<FormInput> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FormInput | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** The contact form's state and sending (POST /api/support/messages); `sent` after a message went. */
export function useContactForm() {
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: empty });

  const onValid = (values: FormOutput) => {
    setSent(false);
    send.mutate(values, {
      onSuccess: () => {
        toast.success(messages.support.messageSent);
        setSent(true);
        reset(empty);
      },
      onError: (error) => toast.error(errorDetail(error, messages.support.sendFailed)),
    });
  };
  const onInvalid = (invalid: typeof errors) => {
    const first = Object.values(invalid)[0]?.message;
    toast.error(typeof first === 'string' ? first : messages.support.requiredFields);
  };

  return { register, errors, submit: handleSubmit(onValid, onInvalid), sent, sending: send.isPending };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
