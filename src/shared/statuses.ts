/**
 * The states things can be in, with the words the admin area shows for them. Each list is mirrored
 * by a CHECK constraint in the database schema.
 */

export const COMPLETION_STATUSES = ['contacted', 'enrolled', 'in_progress', 'emailed', 'completed'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

export const COMPLETION_STATUS_LABELS: Record<CompletionStatus, string> = {
  contacted: 'Contacted',
  enrolled: 'Enrolled',
  in_progress: 'In Progress',
  emailed: 'Emailed',
  completed: 'Completed',
};

export const ID_STATUSES = ['not_required', 'required', 'pending', 'approved', 'rejected'] as const;
export type IdStatus = (typeof ID_STATUSES)[number];

/** A payment's life: pending until the provider answers, then completed or failed; a completed one may be refunded. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who refunded a payment: an admin on this site, or Square (its dashboard, or a dispute lost). */
export const REFUND_SOURCES = ['admin', 'square'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** What an admin may do (docs/product/admin.md): owners everything, staff the day-to-day work. */
export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', staff: 'Staff' };

export const PAYMENT_METHODS = ['card', 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An outbox email: pending until sent, failed after its last attempt (an admin may send it again). */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A student's erasure request: open until an owner carries it out (the account is erased) or refuses it. */
export const ERASURE_REQUEST_STATUSES = ['requested', 'carried_out', 'refused'] as const;
export type ErasureRequestStatus = (typeof ERASURE_REQUEST_STATUSES)[number];

/** Why an address gets no more reminders or broadcasts: it unsubscribed, or an admin added it. */
export const SUPPRESSION_SOURCES = ['unsubscribe', 'admin'] as const;
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];

export const CONTACT_CATEGORIES = ['course', 'enrollment', 'technical', 'certification', 'other'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** What an admin did (the Activity view), and how it reads. */
export const AUDIT_ACTION_LABELS = {
  'student.status_changed': 'Changed status',
  'student.completed': 'Marked as completed',
  'student.start_date_changed': 'Changed course start date',
  'student.marked_paid': 'Marked payment as received',
  'payment.reconciled': 'Reconciled a stuck payment',
  'payment.refunded': 'Refunded a payment',
  'payment.refunded_in_square': 'Refunded in Square',
  'payment.disputed': 'Payment disputed at Square',
  'payment.dispute_lost': 'Dispute lost at Square',
  'payment.unmatched': 'Square payment not made here',
  'payment.reviewed': 'Marked a payment reviewed',
  'student.deleted': 'Deleted student',
  'id.approved': 'Approved ID',
  'id.rejected': 'Rejected ID',
  'certificate.activated': 'Activated certificate',
  'certificate.revoked': 'Revoked certificate',
  'certificate.reinstated': 'Reinstated certificate',
  'assessment.passed': 'Passed a final piece',
  'assessment.resubmit': 'Asked for a final piece again',
  'message.read': 'Read support message',
  'message.replied': 'Replied to a support message',
  'broadcast.created': 'Wrote a broadcast',
  'broadcast.test_sent': 'Sent a test of a broadcast',
  'broadcast.sent': 'Sent a broadcast',
  'admin.created': 'Added an admin',
  'admin.role_changed': "Changed an admin's role",
  'admin.totp_reset': "Reset an admin's two-factor sign-in",
  'admin.removed': 'Removed an admin',
  'admin.totp_enabled': 'Turned on two-factor sign-in',
  'admin.totp_disabled': 'Turned off two-factor sign-in',
  'admin.password_changed': 'Changed their password',
  'settings.updated': 'Changed settings',
  'catalogue.updated': 'Changed the catalogue',
  'content.updated': "Changed the site's content",
  'cohort.created': 'Added a course start date',
  'cohort.updated': 'Changed a course start date',
  'cohort.deleted': 'Deleted a course start date',
  'promo_code.created': 'Created a promo code',
  'promo_code.stopped': 'Stopped a promo code',
  'promo_code.restarted': 'Offered a promo code again',
  'student.erased': 'Erased student (erasure request or retention)',
  'erasure.refused': 'Refused an erasure request',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The label of an action as stored (an action no longer in the list reads as its name). */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
