/**
 * An owner marks a payment flagged needs_review as reviewed (docs/product/payments.md): the flag is
 * cleared, audited (`payment.reviewed`). A payment Square took that this site did not ask for is held
 * out of revenue until then (reports/get-admin-stats.ts).
 */
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, type Payment } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';

export async function markPaymentReviewed(db: Db, admin: AdminActor, paymentId: string): Promise<Payment> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new DomainError('not_found', messages.admin.paymentNotFound);
    if (payment.status !== 'completed' || !payment.needsReview) {
      throw new DomainError('conflict', messages.admin.paymentNotForReview);
    }
    const updated = one(
      await tx.update(payments).set({ needsReview: false }).where(eq(payments.id, payment.id)).returning(),
    );
    await writeAudit(tx, admin, {
      action: 'payment.reviewed',
      studentId: payment.studentId,
      details: { payment_id: payment.id, amount_pence: payment.amountPence },
    });
    return updated;
  });
}
