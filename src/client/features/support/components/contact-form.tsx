import { Button } from '@client/components/ui/button';
import { Field, inputClasses } from '@client/components/ui/field';
import { CONTACT_CATEGORIES } from '@shared/statuses';
import { messages } from '@shared/messages';
import { CONTACT_CATEGORY_LABELS, CONTACT_LIMITS } from '@shared/contact-form';
import { useContactForm, type ContactFormState } from './use-contact-form';

/** The support page's island (support-entry.tsx) that holds the contact form. */
export const CONTACT_FORM_ISLAND = 'contact-form';

/**
 * The contact form (docs/product/public-pages.md), sent for real (POST /api/support/messages) and
 * stored for the admins. Its fields have fixed ids: as an island it is a root of its own, where a
 * generated id would not match the server's.
 */
export function ContactForm() {
  const { register, errors, submit, sent, sending } = useContactForm();
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby="contact-required-note">
      <p id="contact-required-note" className="text-sm text-slate-600">
        Fields marked * are required.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          id="contact-name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <Field
          label="Email"
          id="contact-email"
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
          id="contact-subject"
          maxLength={CONTACT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <CategoryField register={register} />
      </div>
      <MessageField register={register} errors={errors} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" loading={sending}>
          Send Message
        </Button>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {sent ? messages.support.messageSent : ''}
        </p>
      </div>
    </form>
  );
}

function CategoryField({ register }: Pick<ContactFormState, 'register'>) {
  return (
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
  );
}

function MessageField({ register, errors }: Pick<ContactFormState, 'register' | 'errors'>) {
  return (
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
  );
}
