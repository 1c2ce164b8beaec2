/**
 * A card payment (docs/product/payments.md). Money is never lost and never taken twice:
 * 1. In one transaction holding the student's row: replay an existing attempt with the same
 *    idempotency key, or check the rules and the amount and write the payment `pending`.
 * 2. Call the provider with the same idempotency key (outside any transaction).
 * 3. Completed: in one transaction holding the student's row, re-check that the payment still fits
 *    (needs_review when not), then the payment and the student's flags/total_paid/referral code.
 *    Declined: the payment is `failed` with its detail, nothing is paid.
 *    Unknown outcome (timeout, provider error): 502/503, the row stays `pending` for reconciliation,
 *    marked so that a retry with the same key may ask the provider again (which never charges twice).
 */
import { and, eq, gt, ne } from 'drizzle-orm';
import type { PaymentType } from '@shared/catalogue';
import { formatPence, penceToPounds, poundsToPence } from '@shared/money';
import { messages } from '@shared/messages';
import { TERMS_VERSION } from '@shared/terms';
import type { Db } from '@server/db/client';
import { payments, type Payment, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { ProviderUnavailableError, type PaymentProvider } from '@server/square/provider';
import { getStudent } from '../students/find-student';
import { priceWithPromo } from '../promo-codes/promo-codes';
import { keepPlaceForPayment } from '../cohorts/cohorts';
import { DEFAULT_HOLD_MINUTES } from '../cohorts/places';
import { chargeRequestFor, recordCompletedPayment, recordFailedPayment } from './apply-payment';
import { assertPayable } from './payment-rules';
import { describePayment } from './describe-payment';
import { one } from '@server/db/rows';

const m = messages.enrolment;

export interface CardPaymentInput {
  studentId: string;
  sourceId: string;
  /** What the browser showed, in pounds. */
  amount: number;
  paymentType: PaymentType;
  idempotencyKey: string;
  /** The student ticked the terms / right-to-cancel box at checkout; nothing is charged without it. */
  termsAccepted: boolean;
}

export interface CardPaymentResult {
  payment: Payment;
  student: Student;
}

/** failure_detail on a still-pending row: the last provider call ended without a known outcome. */
const UNKNOWN_OUTCOME = {
  timeout: 'unknown outcome: provider timeout',
  error: 'unknown outcome: provider error',
} as const;
/** Another attempt for the same student that is younger than this blocks a new one. */
const IN_FLIGHT_WINDOW_MS = 15 * 60 * 1000;
const WAIT_FOR_OTHER_ATTEMPT_MS = 25_000;

/**
 * `clock`: the app's clock (the in-flight window, and when the payment completes after the provider's
 * answer). `holdMinutes`: COHORT_HOLD_MINUTES, the renewed hold on the course's place.
 */
export async function createCardPayment(
  db: Db,
  provider: PaymentProvider,
  input: CardPaymentInput,
  clock: () => Date,
  holdMinutes: number = DEFAULT_HOLD_MINUTES,
): Promise<CardPaymentResult> {
  if (input.termsAccepted !== true) throw new DomainError('invalid', m.termsRequired);
  const claim = await db.transaction(async (tx) => {
    const student = await getStudent(tx, input.studentId, true);
    const [existing] = await tx
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (existing) {
      if (existing.studentId !== student.id || existing.paymentType !== input.paymentType) {
        throw new DomainError('conflict', m.idempotencyKeyReused);
      }
      return { payment: existing, owned: false };
    }
    assertPayable(student, input.paymentType);
    // Today's price less the student's promo code, whose use is counted here (rolled back with the claim).
    const price = await priceWithPromo(tx, student, input.paymentType, clock());
    const amountPence = price.amountPence;
    // The browser quoted another price (the catalogue changed since its page loaded): 409 with today's
    // amount, nothing charged, and the wizard shows the new total.
    if (poundsToPence(input.amount) !== amountPence)
      throw new DomainError('conflict', m.amountMismatch(formatPence(amountPence)), {
        amount: penceToPounds(amountPence),
      });
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.studentId, student.id),
          eq(payments.status, 'pending'),
          gt(payments.createdAt, new Date(clock().getTime() - IN_FLIGHT_WINDOW_MS)),
          ne(payments.idempotencyKey, input.idempotencyKey),
        ),
      )
      .limit(1);
    if (other) throw new DomainError('conflict', m.paymentInProgress);
    // Places: a course is charged only with its place claimed again here (409 before any charge).
    if (input.paymentType !== 'enrollment') await keepPlaceForPayment(tx, student, clock(), holdMinutes);
    const payment = one(
      await tx
        .insert(payments)
        .values({
          studentId: student.id,
          paymentType: input.paymentType,
          courseType: input.paymentType === 'enrollment' ? null : student.courseType,
          amountPence,
          currency: 'GBP',
          status: 'pending',
          method: 'card',
          idempotencyKey: input.idempotencyKey,
          replaySourceId: input.sourceId,
          description: describePayment(input.paymentType, student.courseType),
          termsVersion: TERMS_VERSION,
          termsAcceptedAt: clock(),
          promoCode: price.promoCode,
          discountPence: price.discountPence,
          listFeePence: price.feePence,
          listCoursePence: price.coursePence,
        })
        .returning(),
    );
    return { payment, owned: true };
  });

  let payment = claim.payment;
  if (!claim.owned) {
    payment = await takeOverOrWait(db, payment);
    if (payment.status === 'completed') return { payment, student: await getStudent(db, input.studentId) };
    if (payment.status === 'failed') throw new DomainError('invalid', payment.failureDetail ?? m.paymentAlreadyFailed);
  }
  return chargeAndRecord(db, provider, payment, input.sourceId, clock);
}

/**
 * Same key as an earlier attempt. Finished: its result. Left with an unknown outcome: this request
 * takes it over (compare-and-set on failure_detail) and asks the provider again. In flight in
 * another request: wait for that request's result.
 */
async function takeOverOrWait(db: Db, payment: Payment): Promise<Payment> {
  // How long this request waits, in real time (it polls with setTimeout): not the app's clock.
  const deadline = Date.now() + WAIT_FOR_OTHER_ATTEMPT_MS;
  let current = payment;
  for (;;) {
    if (current.status !== 'pending') return current;
    if (current.failureDetail) {
      const [taken] = await db
        .update(payments)
        .set({ failureDetail: null })
        .where(
          and(
            eq(payments.id, current.id),
            eq(payments.status, 'pending'),
            eq(payments.failureDetail, current.failureDetail),
          ),
        )
        .returning();
      if (taken) return taken;
    }
    if (Date.now() > deadline) throw new DomainError('conflict', m.paymentInProgress);
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = one(await db.select().from(payments).where(eq(payments.id, current.id)).limit(1));
  }
}

async function chargeAndRecord(
  db: Db,
  provider: PaymentProvider,
  payment: Payment,
  sourceId: string,
  clock: () => Date,
): Promise<CardPaymentResult> {
  let result;
  try {
    result = await provider.charge(chargeRequestFor(payment, sourceId));
  } catch (error) {
    const kind = error instanceof ProviderUnavailableError ? error.kind : 'error';
    await db
      .update(payments)
      .set({ failureDetail: UNKNOWN_OUTCOME[kind] })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    throw kind === 'timeout'
      ? new DomainError('unavailable', m.providerTimeout)
      : new DomainError('upstream_failed', m.providerError);
  }

  if (result.outcome === 'declined') {
    await recordFailedPayment(db, payment.id, result.detail);
    throw new DomainError('invalid', result.detail);
  }

  return db.transaction(async (tx) => {
    const recorded = await recordCompletedPayment(tx, payment.id, result.providerReference, clock());
    if (recorded?.student) return { payment: recorded.payment, student: recorded.student };
    // Already recorded (another request or the reconciler): report it, never apply it twice.
    const row = one(await tx.select().from(payments).where(eq(payments.id, payment.id)).limit(1));
    return { payment: row, student: await getStudent(tx, payment.studentId ?? '') };
  });
}
