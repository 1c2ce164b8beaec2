import { and, count, desc, eq, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentType } from '@shared/catalogue';
import type { PaymentMethod, PaymentStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { pageOffset, type Page, type PageRequest } from '@server/db/pagination';
import { invoices, payments, students, type Payment } from '@server/db/schema';
import { containsPattern } from '../students/student-filters';
import { DISPUTE_CLEARED_STATES } from '@server/square/webhook-events';

export interface PaymentFilter {
  /** needs_review: completed payments flagged for an admin. */
  status?: PaymentStatus | 'needs_review';
  type?: PaymentType;
  method?: PaymentMethod;
  /** disputed: a dispute open or lost at Square; refunded_elsewhere: refunded (in full or part) at Square. */
  flag?: 'disputed' | 'refunded_elsewhere';
  /** Student name or email. */
  search?: string;
}

export interface PaymentListRow {
  payment: Payment;
  studentName: string | null;
  email: string | null;
  /** The payment's invoice (docs/product/payments.md#invoices); null before invoices or while not completed. */
  invoiceNumber: string | null;
}

/** The invoice of one payment, or null. */
export async function invoiceNumberOf(db: Db, paymentId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return row?.number ?? null;
}

function filterWhere(filter: PaymentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'needs_review')
    conditions.push(eq(payments.status, 'completed'), eq(payments.needsReview, true));
  else if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (filter.type) conditions.push(eq(payments.paymentType, filter.type));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.flag === 'disputed')
    conditions.push(isNotNull(payments.disputeState), notInArray(payments.disputeState, [...DISPUTE_CLEARED_STATES]));
  if (filter.flag === 'refunded_elsewhere') conditions.push(eq(payments.refundSource, 'square'));
  const term = filter.search?.trim();
  if (term)
    conditions.push(
      sql`lower(${students.firstName} || ' ' || ${students.lastName} || ' ' || ${students.email}) like ${containsPattern(term)}`,
    );
  return conditions.length ? and(...conditions) : undefined;
}

/** The Payments tab: newest first, paged in the database, with the number of payments still pending. */
export async function listPayments(
  db: Db,
  filter: PaymentFilter,
  page: PageRequest,
): Promise<Page<PaymentListRow> & { pendingCount: number }> {
  const where = filterWhere(filter);
  const [rows, totals, pending] = await Promise.all([
    db
      .select({
        payment: payments,
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        invoiceNumber: invoices.number,
      })
      .from(payments)
      .leftJoin(students, eq(students.id, payments.studentId))
      .leftJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(payments).leftJoin(students, eq(students.id, payments.studentId)).where(where),
    db.select({ total: count() }).from(payments).where(eq(payments.status, 'pending')),
  ]);
  return {
    rows: rows.map((r) => ({
      payment: r.payment,
      studentName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
      email: r.email,
      invoiceNumber: r.invoiceNumber,
    })),
    total: one(totals).total,
    pendingCount: one(pending).total,
  };
}
