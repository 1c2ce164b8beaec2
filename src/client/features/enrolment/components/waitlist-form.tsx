import { useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { waitlistBody } from '@shared/schemas/enrolment';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useJoinWaitlist } from '../api/join-waitlist';

const m = messages.enrolment.waitlist;

/** Who is enrolling, when step 1 is done: prefills the waitlist form. */
export interface WaitlistPerson {
  firstName: string;
  email: string;
}

/**
 * Joining a full date's waitlist: first name and e-mail (prefilled when known), then a clear
 * confirmation in place of the form. `onClose` hides the form (Cancel).
 */
export function WaitlistForm(props: { date: string; person: WaitlistPerson | null; onClose: () => void }) {
  const join = useJoinWaitlist();
  const [firstName, setFirstName] = useState(props.person?.firstName ?? '');
  const [email, setEmail] = useState(props.person?.email ?? '');
  const [errors, setErrors] = useState<{ firstName?: string; email?: string }>({});
  const [joined, setJoined] = useState<string | null>(null);
  const date = formatDate(props.date);

  if (joined)
    return (
      <p
        role="status"
        data-testid="waitlist-joined"
        className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900"
      >
        {m.joined(date, joined)}
      </p>
    );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = waitlistBody.safeParse({ email, first_name: firstName });
    if (!checked.success) {
      const issue = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ firstName: issue('first_name'), email: issue('email') });
      return;
    }
    setErrors({});
    join.mutate({ date: props.date, body: checked.data }, { onSuccess: () => setJoined(checked.data.email) });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={m.joinFor(date)}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-sm text-slate-800">{m.intro(date)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={m.firstName}
          required
          autoComplete="given-name"
          value={firstName}
          error={errors.firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <Field
          label={m.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      {join.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorDetail(join.error, m.failed)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={props.onClose}>
          {m.cancel}
        </Button>
        <Button type="submit" loading={join.isPending}>
          {m.submit}
        </Button>
      </div>
    </form>
  );
}
