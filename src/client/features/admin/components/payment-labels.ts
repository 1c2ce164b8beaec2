/** How the Payments tab names a payment's status, type and Square flags, its amount and its student. */
import type { PAYMENT_TYPES } from '@shared/catalogue';
import { formatPence, poundsToPence } from '@shared/money';
import type { AdminPayment, PaymentFlag, PaymentViewStatus } from '@shared/schemas/admin-payments';

export const STATUS_BADGES: Record<
  PaymentViewStatus,
  { tone: 'green' | 'amber' | 'red' | 'slate' | 'purple'; label: string }
> = {
  pending: { tone: 'amber', label: 'Pending' },
  completed: { tone: 'green', label: 'Completed' },
  failed: { tone: 'red', label: 'Failed' },
  refunded: { tone: 'slate', label: 'Refunded' },
  needs_review: { tone: 'purple', label: 'Needs review' },
};

export const TYPE_LABELS: Record<(typeof PAYMENT_TYPES)[number], string> = {
  enrollment: 'Enrollment',
  course: 'Course',
  combined: 'Complete Package',
};

export const FLAG_LABELS: Record<PaymentFlag, string> = {
  disputed: 'Disputed',
  refunded_elsewhere: 'Refunded elsewhere',
};

export const amountText = (p: AdminPayment) => formatPence(poundsToPence(p.amount));
export const studentText = (p: AdminPayment) => p.student_name ?? 'Deleted student';
