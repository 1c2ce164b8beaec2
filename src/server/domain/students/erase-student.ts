import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import {
  auditLog,
  cohortWaitlist,
  contactMessages,
  emailOutbox,
  erasureRequests,
  invoices,
  payments,
  students,
  type Student,
} from '@server/db/schema';
import { DomainError } from '@server/errors';
import { fullName } from './find-student';
import { scrubPersonalValues } from './scrub-personal-values';

/** The audit details that hold text an admin typed about the student. */
const AUDIT_REASON_KEYS = ['reason', 'rejection_reason', 'feedback'] as const;

/**
 * Erases a student (docs/product/student-area.md, "Your data"): every personal value goes, in the
 * caller's transaction, with the student's row locked by the caller. The same for an admin's delete,
 * a carried-out erasure request and the unpaid-registration retention job.
 *
 * - The row, and by cascade progress, the ID record with its encrypted document, the final pieces
 *   (files encrypted the same way), the certificate,
 *   sign-in codes, token revocations and the emails sent to the student. A token issued earlier
 *   reaches nothing: every student route reads the student first.
 * - What names them elsewhere: support messages sent from their address (and the notices about
 *   those, under the name registered or any name typed in them), waitlist entries under their address,
 *   admin notifications naming them (a dispute notice also by its payment's reference), their name in
 *   audit entries, a contact address in a
 *   "read message" entry, and the free-text notes an admin typed on their payments. Reasons an admin
 *   typed (a refund's, a rejection's, a refusal's, an assessor's feedback) stay for the books without their name, email or
 *   phone (scrubPersonalValues).
 * - The .eml files of the removed e-mails (SMTP_URL unset) go at the outbox worker's next pass
 *   (jobs/email-outbox.ts `forgetErasedMailFiles`), outside this transaction.
 * - Kept: payment rows (amounts, dates, provider references, refunds) with the student link cleared
 *   by the foreign key, so revenue and the ledger stay whole; the audit trail without the name; the
 *   erasure request, which holds no personal data.
 *
 * A card payment still pending refuses with 409: its charge may be under way, and the payment could
 * no longer be recorded on anyone. A card payment holds the same row lock while it writes its
 * pending row, so either the erasure comes first or it sees the payment.
 */
export async function eraseStudent(
  tx: Db,
  student: Student,
  decidedBy: { adminId: string | null },
  now: Date,
): Promise<void> {
  const [pending] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.studentId, student.id), eq(payments.status, 'pending')))
    .limit(1);
  if (pending) throw new DomainError('conflict', messages.admin.deleteWhilePaying);

  const email = student.email.toLowerCase();
  const name = fullName(student).toLowerCase();
  // The names they typed in support messages from their address, which the notices to the office carry.
  const typedNames = await tx
    .selectDistinct({ name: sql<string>`lower(trim(${contactMessages.name}))` })
    .from(contactMessages)
    .where(eq(sql`lower(${contactMessages.email})`, email));
  const names = [name, ...typedNames.map((row) => row.name)];
  // Their payments' references, which a dispute notice carries (it has no student id).
  const references = (
    await tx
      .select({ id: payments.id, reference: payments.providerReference })
      .from(payments)
      .where(eq(payments.studentId, student.id))
  ).flatMap((row) => (row.reference ? [row.id, row.reference] : [row.id]));
  await tx.update(payments).set({ notes: null }).where(eq(payments.studentId, student.id));
  // Their invoices stay for the books (all under £250, so valid without the buyer) without their name or e-mail.
  await tx.update(invoices).set({ buyerName: null, buyerEmail: null }).where(eq(invoices.studentId, student.id));
  await scrubTypedReasons(tx, student);
  await tx.delete(contactMessages).where(eq(sql`lower(${contactMessages.email})`, email));
  // Their waitlist entries too; a place they held is offered to the waitlist at the job's next pass.
  await tx.delete(cohortWaitlist).where(eq(sql`lower(${cohortWaitlist.email})`, email));
  await tx
    .delete(emailOutbox)
    .where(
      or(
        eq(emailOutbox.studentId, student.id),
        eq(sql`lower(${emailOutbox.toAddress})`, email),
        and(eq(emailOutbox.template, 'admin-new-id'), eq(sql`lower(${emailOutbox.data}->>'studentName')`, name)),
        and(
          eq(emailOutbox.template, 'admin-new-assessment'),
          eq(sql`lower(${emailOutbox.data}->>'studentName')`, name),
        ),
        and(
          eq(emailOutbox.template, 'admin-new-message'),
          inArray(sql`lower(trim(${emailOutbox.data}->>'fromName'))`, names),
        ),
        and(
          eq(emailOutbox.template, 'admin-dispute'),
          or(
            eq(sql`lower(${emailOutbox.data}->>'studentName')`, name),
            references.length > 0 ? inArray(sql`${emailOutbox.data}->>'reference'`, references) : undefined,
          ),
        ),
      ),
    );
  await tx
    .update(auditLog)
    .set({ studentName: null, details: sql`${auditLog.details} - 'notes'` })
    .where(eq(auditLog.studentId, student.id));
  await tx
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'from'` })
    .where(eq(sql`lower(${auditLog.details}->>'from')`, email));
  await tx.delete(students).where(eq(students.id, student.id));
  // An open request of theirs is answered by this erasure (at `now`), whichever path it came by.
  await tx
    .update(erasureRequests)
    .set({ status: 'carried_out', decidedAt: now, decidedBy: decidedBy.adminId })
    .where(and(eq(erasureRequests.studentId, student.id), eq(erasureRequests.status, 'requested')));
}

/** Reasons an admin typed about the student stay, without the student's name, email or phone. */
async function scrubTypedReasons(tx: Db, student: Student): Promise<void> {
  const scrub = (text: string) =>
    scrubPersonalValues(text, [student.email, student.phone, fullName(student), student.firstName, student.lastName]);
  const reasons = await tx
    .select({ id: payments.id, refundReason: payments.refundReason })
    .from(payments)
    .where(and(eq(payments.studentId, student.id), isNotNull(payments.refundReason)));
  for (const { id, refundReason } of reasons) {
    await tx
      .update(payments)
      .set({ refundReason: scrub(refundReason!) })
      .where(eq(payments.id, id));
  }
  // A credit note prints the refund's reason.
  const notes = await tx
    .select({ number: invoices.number, details: invoices.details })
    .from(invoices)
    .where(and(eq(invoices.studentId, student.id), isNotNull(sql`${invoices.details}->>'reason'`)));
  for (const { number, details } of notes) {
    await tx
      .update(invoices)
      .set({ details: { ...details, reason: scrub(details.reason!) } })
      .where(eq(invoices.number, number));
  }
  const entries = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.studentId, student.id));
  for (const { id, details } of entries) {
    const typed = AUDIT_REASON_KEYS.filter((key) => typeof details?.[key] === 'string');
    if (typed.length === 0) continue;
    const scrubbed = { ...details, ...Object.fromEntries(typed.map((key) => [key, scrub(details![key] as string)])) };
    await tx.update(auditLog).set({ details: scrubbed }).where(eq(auditLog.id, id));
  }
  const refusals = await tx
    .select({ id: erasureRequests.id, refusalReason: erasureRequests.refusalReason })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.studentId, student.id), isNotNull(erasureRequests.refusalReason)));
  for (const { id, refusalReason } of refusals) {
    await tx
      .update(erasureRequests)
      .set({ refusalReason: scrub(refusalReason!) })
      .where(eq(erasureRequests.id, id));
  }
}
