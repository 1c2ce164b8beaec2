/**
 * The emails the site sends (docs/decisions/011-email.md). Template names are part of the contract: each
 * message carries `X-VBR-Template: <name>`. The data is what the template needs, stored with the
 * outbox row; a login code is cleared from it once the message is sent.
 */

export const EMAIL_TEMPLATES = [
  'login-code',
  'payment-receipt',
  'id-approved',
  'id-rejected',
  'certificate-issued',
  'contact-received',
  'admin-new-message',
  'admin-new-id',
  'course-starting',
  'course-open',
  'admin-dispute',
  'erasure-completed',
  'erasure-refused',
  'waitlist-place',
  'certificate-revoked',
  'certificate-reinstated',
  'assessment-passed',
  'assessment-resubmit',
  'admin-new-assessment',
  'enrolment-reminder',
  'course-reminder',
  'broadcast',
  'contact-reply',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

export interface EmailData {
  'login-code': { firstName: string; code: string; validMinutes: number };
  'payment-receipt': {
    firstName: string;
    kind: 'payment' | 'refund';
    paymentId: string;
    /** The provider's reference, or our payment id for manual payments. */
    reference: string;
    /** "Enrollment Fee + Foundation Course" */
    description: string;
    amountPence: number;
    /** ISO timestamp of the payment (or refund). */
    at: string;
    /** The invoice (or credit note) issued with it, attached to the e-mail; absent on receipts queued before invoices. */
    invoiceNumber?: string;
  };
  'id-approved': { firstName: string; courseAccessUrl: string | null };
  'id-rejected': { firstName: string; reason: string };
  'certificate-issued': { firstName: string; certificateId: string };
  /** Only the sender's name: the acknowledgement goes to any address typed in the form. */
  'contact-received': { name: string };
  'admin-new-message': { fromName: string; subject: string | null; category: string };
  'admin-new-id': { studentName: string };
  /** Seven days before the start (domain/email/queue-course-emails.ts); the support details in force when written. */
  'course-starting': CourseEmailData;
  /** On the start date: the course link when the ID is approved, else how to finish verification. */
  'course-open': CourseEmailData & { courseAccessUrl: string | null };
  /** A cardholder disputed a payment at Square (a chargeback): the owners answer before `dueAt`. */
  'admin-dispute': {
    /** Null once the student was deleted (the payment stays). */
    studentName: string | null;
    description: string;
    amountPence: number;
    /** Square's dispute state, e.g. EVIDENCE_REQUIRED. */
    state: string;
    /** ISO timestamp, or null when Square gave none. */
    dueAt: string | null;
    reference: string;
  };
  /**
   * The outcome of an erasure request. Neither holds a name: the completed one is sent after the
   * account is gone, and its address is cleared once it has been sent or has failed (jobs/email-outbox.ts).
   */
  'erasure-completed': Record<string, never>;
  'erasure-refused': { firstName: string; reason: string };
  /** A place freed in a full cohort: held for this address until `holdUntil` (ISO timestamp). */
  'waitlist-place': { firstName: string; startDate: string; holdUntil: string };
  /** An owner revoked the certificate, or a full refund or a lost dispute did. Never the reason's detail for a refund. */
  'certificate-revoked': { firstName: string; certificateId: string };
  'certificate-reinstated': { firstName: string; certificateId: string };
  /** The outcome of the final assessment, with the reviewer's feedback. */
  'assessment-passed': { firstName: string; feedback: string };
  'assessment-resubmit': { firstName: string; feedback: string };
  /** A student submitted their final piece: for owners and staff to review. */
  'admin-new-assessment': { studentName: string };
  /**
   * Reminders (jobs/reminders.ts): a registration that has not paid, a fee-paid student without a
   * course. Their button is a one-time sign-in link to where the student stopped, made when sent.
   */
  'enrolment-reminder': { firstName: string };
  'course-reminder': { firstName: string };
  /** An owner's message to a segment of students; `body` is plain text, blank lines between paragraphs. */
  broadcast: { subject: string; body: string; firstName?: string };
  /** An admin's answer to a contact message, quoting it. */
  'contact-reply': { name: string; body: string; originalSubject?: string | null; originalMessage: string };
}

export type CourseEmailData = {
  firstName: string;
  /** "Foundation Course" */
  courseTitle: string;
  /** ISO date */
  startDate: string;
  idApproved: boolean;
  supportEmail: string;
  communityUrl: string;
};

export type EmailMessage = {
  [T in EmailTemplate]: { template: T; to: string; data: EmailData[T]; studentId?: string | null };
}[EmailTemplate];
