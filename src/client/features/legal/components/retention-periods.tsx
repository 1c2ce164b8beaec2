import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { messages } from '@shared/messages';
import { plural } from '@shared/plural';
import type { PublicConfig } from '@shared/schemas/enrolment';

const days = (n: number) => (n === 0 ? 'as soon as' : `${n} ${plural(n, { one: 'day', other: 'days' })} after`);

/**
 * The retention periods the server is configured with (GET /api/public-config), so the policy states
 * what really happens: ID_DOCUMENT_RETENTION_DAYS, UNPAID_RETENTION_DAYS and the payment records' years
 * (and the waitlists' rule, which has no setting).
 */
export function RetentionPeriods() {
  const config = useQuery({
    queryKey: ['legal', 'public-config'],
    queryFn: ({ signal }) => api<PublicConfig>('/api/public-config', { signal }),
    staleTime: Infinity,
  });
  if (config.isPending) return <p className="mt-3 text-slate-600">Loading the retention periods…</p>;
  if (config.isError)
    return (
      <p className="mt-3 text-slate-700">
        The retention periods could not be loaded just now. Please reload the page to see them.
      </p>
    );
  const retention = config.data.retention;
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-800" data-testid="retention-periods">
      <li>
        <strong>Photo ID documents:</strong> the image is deleted {days(retention.id_document_days)} we decide on it;
        the decision and its date stay with your account.
      </li>
      <li>
        <strong>Registrations never paid for:</strong> erased {retention.unpaid_registration_days} days after they were
        made.
      </li>
      <li>
        <strong>{messages.privacy.waitlistRetentionTitle}</strong> {messages.privacy.waitlistRetention}
      </li>
      <li>
        <strong>Payment records</strong> (amounts, dates, payment references): kept at least{' '}
        {retention.payment_record_years} years, as UK accounting law requires; once your account is deleted they no
        longer name you.
      </li>
    </ul>
  );
}
