/**
 * Which e-mails are non-transactional: the reminders and broadcasts, sent to win a sale or tell news,
 * not because the reader did something or is owed it. Only these carry the List-Unsubscribe headers
 * (RFC 8058 one-click) and an unsubscribe link, and only these are held back from an address on the
 * suppression list (jobs/email-outbox.ts). Receipts, sign-in codes, course and waitlist e-mails,
 * replies and notices are part of the service and always go.
 */
import type { EmailTemplate } from './message-types';

const NON_TRANSACTIONAL: ReadonlySet<EmailTemplate> = new Set<EmailTemplate>([
  'enrolment-reminder',
  'course-reminder',
  'broadcast',
]);

export const isNonTransactional = (template: EmailTemplate) => NON_TRANSACTIONAL.has(template);

/** The headers of a non-transactional message: a mail client's "Unsubscribe" POSTs to `oneClickUrl`. */
export const unsubscribeHeaders = (oneClickUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The `last_error` of a non-transactional message not sent because its address is suppressed. */
export const SUPPRESSED_ERROR = 'suppressed';
