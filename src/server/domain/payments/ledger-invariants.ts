/**
 * The money invariants (docs/product/payments.md), checked against the database: the tests run it after every
 * concurrency test, and an operator runs it in production (`npm run check:ledger`).
 *
 * For every student:
 * - total_paid = the sum of their completed (unrefunded) payments, less what was refunded of them in
 *   part (a partial refund at Square leaves the payment completed, flagged needs_review);
 * - enrollment_paid ⇔ a completed, unrefunded enrolment or combined payment;
 * - course_paid ⇔ a completed, unrefunded course or combined payment for exactly the student's
 *   course_type at that purchase's catalogue price.
 * And every completed payment is at the catalogue price of what it bought, and nothing is paid twice
 * unless the second payment is flagged needs_review.
 */
import { asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, students, type Payment, type Student } from '@server/db/schema';
import { DISPUTE_CLEARED_STATES, DISPUTE_LOST_STATES } from '@server/square/webhook-events';
import { atListPrice, PAYS_FOR } from './payment-rules';

export interface LedgerViolation {
  studentId: string;
  problems: string[];
}

type StudentMoney = Pick<Student, 'id' | 'enrollmentPaid' | 'coursePaid' | 'courseType' | 'totalPaidPence'>;
type PaymentMoney = Pick<
  Payment,
  'id' | 'status' | 'paymentType' | 'courseType' | 'amountPence' | 'listFeePence' | 'listCoursePence'
> & {
  discountPence?: number;
  needsReview?: boolean;
  refundedPence?: number;
};

/** What a student's flags and total must be, given their payments (also used to recompute them). */
export function expectedMoney(
  student: Pick<Student, 'courseType'>,
  rows: PaymentMoney[],
): { enrollmentPaid: boolean; coursePaid: boolean; totalPaidPence: number } {
  const completed = rows.filter((p) => p.status === 'completed');
  return {
    totalPaidPence: completed.reduce((sum, p) => sum + p.amountPence - (p.refundedPence ?? 0), 0),
    enrollmentPaid: completed.some((p) => PAYS_FOR[p.paymentType].enrollment),
    coursePaid: completed.some(
      (p) =>
        PAYS_FOR[p.paymentType].course &&
        student.courseType !== null &&
        p.courseType === student.courseType &&
        atListPrice(p),
    ),
  };
}

export function studentViolations(student: StudentMoney, rows: PaymentMoney[]): string[] {
  const problems: string[] = [];
  const expected = expectedMoney(student, rows);
  if (student.totalPaidPence !== expected.totalPaidPence)
    problems.push(`total_paid ${student.totalPaidPence} but completed payments sum to ${expected.totalPaidPence}`);
  if (student.enrollmentPaid !== expected.enrollmentPaid)
    problems.push(`enrollment_paid ${student.enrollmentPaid} but the payments say ${expected.enrollmentPaid}`);
  if (student.coursePaid !== expected.coursePaid)
    problems.push(
      `course_paid ${student.coursePaid} (course ${student.courseType ?? 'none'}) but the payments say ${expected.coursePaid}`,
    );
  // Each item is paid once; a second charge is only acceptable flagged for an admin (needs_review).
  const completed = rows.filter((p) => p.status === 'completed' && !p.needsReview);
  const enrolments = completed.filter((p) => PAYS_FOR[p.paymentType].enrollment).length;
  const courses = completed.filter((p) => PAYS_FOR[p.paymentType].course).length;
  if (enrolments > 1) problems.push(`the enrolment fee is paid ${enrolments} times`);
  if (courses > 1) problems.push(`the course is paid ${courses} times`);
  for (const p of rows) {
    if (p.status !== 'completed') continue;
    if (p.paymentType !== 'enrollment' && !p.courseType)
      problems.push(`payment ${p.id}: ${p.paymentType} without a course`);
    else if (!atListPrice(p))
      problems.push(
        `payment ${p.id}: ${p.amountPence} is not the list price it was made at (${p.listFeePence + p.listCoursePence})`,
      );
  }
  return problems;
}

/** Every student breaking an invariant (all students, or those listed), with what is wrong. */
export async function findLedgerViolations(
  db: Db,
  options: { studentIds?: string[] } = {},
): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const ids = options.studentIds;
  const batch = 1000;
  let after: string | null = null;
  for (;;) {
    const query = db
      .select({
        id: students.id,
        enrollmentPaid: students.enrollmentPaid,
        coursePaid: students.coursePaid,
        courseType: students.courseType,
        totalPaidPence: students.totalPaidPence,
      })
      .from(students);
    const page: StudentMoney[] = ids
      ? ids.length
        ? await query.where(inArray(students.id, ids))
        : []
      : await query
          .where(after ? gt(students.id, after) : undefined)
          .orderBy(asc(students.id))
          .limit(batch);
    if (page.length === 0) break;
    const rows = await db
      .select({
        id: payments.id,
        studentId: payments.studentId,
        status: payments.status,
        paymentType: payments.paymentType,
        courseType: payments.courseType,
        amountPence: payments.amountPence,
        discountPence: payments.discountPence,
        listFeePence: payments.listFeePence,
        listCoursePence: payments.listCoursePence,
        needsReview: payments.needsReview,
        refundedPence: payments.refundedPence,
      })
      .from(payments)
      .where(
        inArray(
          payments.studentId,
          page.map((s) => s.id),
        ),
      );
    const byStudent = new Map<string, PaymentMoney[]>();
    for (const row of rows) {
      if (!row.studentId) continue;
      const list = byStudent.get(row.studentId) ?? [];
      list.push(row);
      byStudent.set(row.studentId, list);
    }
    for (const student of page) {
      const problems = studentViolations(student, byStudent.get(student.id) ?? []);
      if (problems.length) violations.push({ studentId: student.id, problems });
    }
    if (ids || page.length < batch) break;
    after = page[page.length - 1]?.id ?? null;
  }
  return violations;
}

export interface RefundCounts {
  /** Payments refunded in full, by an admin here or at Square. */
  refunded: number;
  /** Of those, refunded at Square (its dashboard or a dispute lost). */
  refundedAtSquare: number;
  /** Completed payments refunded in part at Square (flagged needs_review). */
  partlyRefunded: number;
  /** Payments whose dispute was lost (recorded as refunds). */
  disputesLost: number;
  /** Payments with a dispute still open at Square. */
  disputesOpen: number;
}

export const isDisputeCleared = (state: string) => (DISPUTE_CLEARED_STATES as readonly string[]).includes(state);

const inStates = (states: readonly string[]) =>
  sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  );

/** What `npm run check:ledger` reports beside the invariants: the refunds and disputes the totals account for. */
export async function countRefunds(db: Db): Promise<RefundCounts> {
  const filtered = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  return one(
    await db
      .select({
        refunded: filtered(sql`${payments.status} = 'refunded'`),
        refundedAtSquare: filtered(sql`${payments.status} = 'refunded' and ${payments.refundSource} = 'square'`),
        partlyRefunded: filtered(sql`${payments.status} = 'completed' and ${payments.refundedPence} > 0`),
        disputesLost: filtered(sql`${payments.disputeState} in (${inStates(DISPUTE_LOST_STATES)})`),
        disputesOpen: filtered(
          sql`${payments.disputeState} not in (${inStates([...DISPUTE_LOST_STATES, ...DISPUTE_CLEARED_STATES])})`,
        ),
      })
      .from(payments),
  );
}
