import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { DomainError } from '@server/errors';
import { COURSES, paymentParts, type PaymentType } from '@shared/catalogue';
import { readCatalogue } from '../site-documents/site-documents';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, type Student } from '@server/db/schema';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { queuePaymentReceipt } from './queue-payment-receipt';
import { issueInvoice } from '../invoices/issue-invoice';
import { applyPaymentToStudent } from './apply-payment';
import { assertPayable, PAYS_FOR } from './payment-rules';
import { fullName, getStudent } from '../students/find-student';

/** What an admin marks as paid; `both` is recorded as a combined payment. */
export type MarkPaidType = 'enrollment' | 'course' | 'both';

const RECORDED_AS: Record<MarkPaidType, PaymentType> = { enrollment: 'enrollment', course: 'course', both: 'combined' };

/**
 * Mark Paid: records a manual payment at catalogue prices and updates the student's flags and
 * total_paid, with its audit row, in one transaction. The same rules as a card payment apply
 * (nothing paid twice; a course payment needs a chosen course), and an overlapping card payment
 * still pending refuses it with 409. Paid at `now`.
 */
export async function markStudentPaid(
  db: Db,
  admin: AdminActor,
  studentId: string,
  options: { paymentType: MarkPaidType; notes?: string | null },
  now: Date,
): Promise<Student> {
  const paymentType = RECORDED_AS[options.paymentType];
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    assertPayable(student, paymentType);
    // A card payment in flight for an overlapping item would charge twice: refuse until it settles.
    const pending = await tx
      .select({ paymentType: payments.paymentType })
      .from(payments)
      .where(and(eq(payments.studentId, student.id), eq(payments.status, 'pending')));
    if (pending.some((p) => overlaps(p.paymentType, paymentType)))
      throw new DomainError('conflict', messages.admin.markPaidWhilePaying);
    const { feePence, coursePence } = paymentParts(await readCatalogue(tx), paymentType, student.courseType);
    const amountPence = feePence + coursePence;
    const courseType = paymentType === 'enrollment' ? null : student.courseType;
    const payment = one(
      await tx
        .insert(payments)
        .values({
          studentId: student.id,
          paymentType,
          courseType,
          amountPence,
          status: 'completed',
          method: 'manual',
          idempotencyKey: `manual-${randomUUID()}`,
          description: courseType
            ? `Manual payment: ${paymentType} (${COURSES[courseType].title})`
            : 'Manual payment: enrollment',
          notes: options.notes || null,
          listFeePence: feePence,
          listCoursePence: coursePence,
          recordedBy: admin.adminId,
          createdAt: now,
          completedAt: now,
        })
        .returning(),
    );
    const updated = await applyPaymentToStudent(tx, student, payment, now);
    // The invoice and the receipt that carries it, in this transaction.
    const invoice = await issueInvoice(tx, payment, updated, now);
    await queuePaymentReceipt(tx, updated, payment, invoice.number, now);
    await writeAudit(tx, admin, {
      action: 'student.marked_paid',
      studentId: student.id,
      studentName: fullName(student),
      details: { payment_type: paymentType, amount_pence: amountPence, notes: options.notes || null },
    });
    return updated;
  });
}

function overlaps(a: PaymentType, b: PaymentType): boolean {
  return (PAYS_FOR[a].enrollment && PAYS_FOR[b].enrollment) || (PAYS_FOR[a].course && PAYS_FOR[b].course);
}
