/**
 * Promo codes (docs/product/payments.md): owners create and stop them, a student applies one in the
 * order summary (kept on their record), and a card payment charges the discounted amount and counts
 * the use in its own transaction (redeemPromoCode), so in a race for the last use exactly the maximum
 * get through and the others are charged nothing.
 */
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentParts, type PaymentType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { MINIMUM_CHARGE_PENCE, promoDiscount, type PromoTarget } from '@shared/promo';
import type { Db } from '@server/db/client';
import { promoCodes, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { getStudent } from '../students/find-student';
import { readCatalogue } from '../site-documents/site-documents';

const m = messages.promo;

export type PromoCode = typeof promoCodes.$inferSelect;

export interface NewPromoCode {
  code: string;
  percentOff: number | null;
  amountOffPence: number | null;
  appliesTo: PromoTarget;
  expiresAt: Date | null;
  maxRedemptions: number | null;
}

export async function createPromoCode(db: Db, admin: AdminActor, input: NewPromoCode, now: Date): Promise<PromoCode> {
  if (input.expiresAt && input.expiresAt <= now) throw new DomainError('invalid', m.expiryInvalid);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promoCodes)
      .values({ ...input, createdBy: admin.adminId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new DomainError('conflict', m.exists);
    await writeAudit(tx, admin, {
      action: 'promo_code.created',
      details: {
        code: created.code,
        percent_off: created.percentOff,
        amount_off_pence: created.amountOffPence,
        applies_to: created.appliesTo,
        expires_at: created.expiresAt?.toISOString() ?? null,
        max_redemptions: created.maxRedemptions,
      },
    });
    return created;
  });
}

export async function listPromoCodes(db: Db): Promise<PromoCode[]> {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.createdAt), asc(promoCodes.code));
}

/** Stops a code (no new use; payments already made keep it) or offers it again. */
export async function setPromoCodeActive(db: Db, admin: AdminActor, code: string, active: boolean): Promise<PromoCode> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
    if (!before) throw new DomainError('not_found', m.notFound);
    const [after] = await tx.update(promoCodes).set({ active }).where(eq(promoCodes.code, code)).returning();
    if (before.active !== active)
      await writeAudit(tx, admin, {
        action: active ? 'promo_code.restarted' : 'promo_code.stopped',
        details: { code, redemptions: before.redemptions },
      });
    return after!;
  });
}

/** The payment a student is about to make: their choice, or what their record says is left to pay. */
export function nextPaymentType(student: Student): PaymentType {
  if (!student.enrollmentPaid) return student.courseType ? 'combined' : 'enrollment';
  return 'course';
}

export interface PaymentQuote {
  promoCode: string | null;
  feePence: number;
  coursePence: number;
  discountPence: number;
  /** What is charged. */
  amountPence: number;
}

/** Why `promo` cannot be used now on these parts, or null when it can. */
function refusal(promo: PromoCode, now: Date, discount: number, total: number): DomainError | null {
  if (!promo.active) return new DomainError('invalid', m.stopped);
  if (promo.expiresAt && promo.expiresAt <= now) return new DomainError('invalid', m.expired);
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions)
    return new DomainError('conflict', m.usedUp);
  if (discount === 0) return new DomainError('invalid', m.notApplicable);
  if (total - discount < MINIMUM_CHARGE_PENCE) return new DomainError('invalid', m.tooLarge);
  return null;
}

/**
 * The price of `type` for the student with `code` (null: none), or a DomainError saying why the code
 * cannot be used. Reads the code without counting a use.
 */
async function quote(
  db: Db,
  student: Student,
  type: PaymentType,
  code: string | null,
  now: Date,
): Promise<PaymentQuote> {
  // Today's catalogue, as this transaction sees it: the price a payment claimed here is charged.
  const { feePence, coursePence } = paymentParts(await readCatalogue(db), type, student.courseType);
  const total = feePence + coursePence;
  if (!code) return { promoCode: null, feePence, coursePence, discountPence: 0, amountPence: total };
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  if (!promo) throw new DomainError('invalid', m.unknown);
  const discountPence = promoDiscount(promo, { feePence, coursePence });
  const refused = refusal(promo, now, discountPence, total);
  if (refused) throw refused;
  return { promoCode: promo.code, feePence, coursePence, discountPence, amountPence: total - discountPence };
}

/** POST /api/students/{id}/promo: checks the code for the coming payment and keeps it (null removes it). */
export async function applyPromoCode(
  db: Db,
  studentId: string,
  code: string | null,
  type: PaymentType | undefined,
  now: Date,
): Promise<PaymentQuote> {
  const student = await getStudent(db, studentId);
  const result = await quote(db, student, type ?? nextPaymentType(student), code, now);
  await db.update(students).set({ promoCode: result.promoCode, updatedAt: now }).where(eq(students.id, student.id));
  return result;
}

/**
 * Inside the card payment's claim transaction: the amount to charge for `type` with the student's kept
 * code, the use counted at once. The code gone since it was applied (used up, expired, stopped) → 409
 * and nothing is charged: the student removes it or pays the full price knowingly.
 */
export async function priceWithPromo(tx: Db, student: Student, type: PaymentType, now: Date): Promise<PaymentQuote> {
  if (!student.promoCode) return quote(tx, student, type, null, now);
  let result: PaymentQuote;
  try {
    result = await quote(tx, student, type, student.promoCode, now);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('conflict', m.goneAtPayment);
    throw error;
  }
  if (!(await redeemPromoCode(tx, student.promoCode, now))) throw new DomainError('conflict', m.goneAtPayment);
  return result;
}

/** Counts one use unless the code is stopped, expired or used up: one conditional UPDATE, race-free. */
async function redeemPromoCode(tx: Db, code: string, now: Date): Promise<boolean> {
  const counted = await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
        or(isNull(promoCodes.maxRedemptions), lt(promoCodes.redemptions, promoCodes.maxRedemptions)),
      ),
    )
    .returning({ code: promoCodes.code });
  return counted.length > 0;
}

/** A payment that failed gives its use back (in the transaction that marks it failed). */
export async function releasePromoCode(tx: Db, code: string | null): Promise<void> {
  if (!code) return;
  await tx
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} - 1` })
    .where(and(eq(promoCodes.code, code), gt(promoCodes.redemptions, 0)));
}
