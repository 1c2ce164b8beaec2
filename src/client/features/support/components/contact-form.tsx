import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field, inputClasses } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { CONTACT_CATEGORIES } from '@shared/statuses';
import { messages } from '@shared/messages';
import { CONTACT_CATEGORY_LABELS, CONTACT_LIMITS } from '@shared/contact-form';
import type { contactMessageBody } from '@shared/schemas/public';
import { useSendContactMessage } from '../api/send-contact-message';

type FormInput = z.input<typeof contactMessageBody>;
type FormOutput = z.output<typeof contactMessageBody>;

const empty: FormInput = { name: '', email: '', subject: '', category: 'other', message: '' };

// The validation code (zod) and the toasts (Sonner) load on first use, not with the page.
const loadSchema = () => import('@shared/schemas/public').then((module) => module.contactMessageBody);
const loadToast = () => import('sonner').then((module) => module.toast);

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

/** The contact form (docs/product/public-pages.md), sent for real (POST /api/support/messages) and stored for the admins. */
export function ContactForm() {
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
        void loadToast().then((toast) => toast.success(messages.support.messageSent));
        setSent(true);
        reset(empty);
      },
      onError: (error) =>
        void loadToast().then((toast) => toast.error(errorDetail(error, messages.support.sendFailed))),
    });
  };
  const onInvalid = (invalid: typeof errors) => {
    const first = Object.values(invalid)[0]?.message;
    void loadToast().then((toast) => toast.error(typeof first === 'string' ? first : messages.support.requiredFields));
  };

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      className="space-y-4"
      aria-describedby="contact-required-note"
    >
      <p id="contact-required-note" className="text-sm text-slate-600">
        Fields marked * are required.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Subject"
          maxLength={CONTACT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <div className="space-y-1">
          <label htmlFor="contact-category" className="block text-sm font-medium text-slate-800">
            Category
          </label>
          <select id="contact-category" className={inputClasses} {...register('category')}>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CONTACT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
          Message
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        </label>
        <textarea
          id="contact-message"
          rows={6}
          required
          maxLength={CONTACT_LIMITS.message}
          className={inputClasses}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...register('message')}
        />
        {errors.message?.message && (
          <p id="contact-message-error" className="text-sm text-red-700">
            {errors.message.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" loading={send.isPending}>
          Send Message
        </Button>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {sent ? messages.support.messageSent : ''}
        </p>
      </div>
    </form>
  );
}
