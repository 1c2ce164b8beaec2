import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { daysUntilStart as daysUntil } from '@shared/schedule';
import type { IdStatus } from '@shared/statuses';
import type { Db } from '@server/db/client';
import { idVerifications, paymentRefunds, payments, type Student } from '@server/db/schema';
import { describePayment } from '../payments/describe-payment';
import { courseAccessUrl, type CourseAccessUrls } from '../settings/site-settings';

/** What the student area shows of a student: the record, the ID status, and the course link if earned. */
export interface StudentAccount {
  student: Student;
  idStatus: IdStatus;
  /** Only once the ID is approved, the course is paid and a link is configured for that course. */
  courseAccessUrl: string | null;
  /** Days until the course start date by the server's clock (0 once started); null without a date. */
  daysUntilStart: number | null;
  /** Each payment of theirs that was refunded, wholly or in part (the dashboard says so). */
  refunds: StudentRefund[];
}

export interface StudentRefund {
  /** "Enrollment Fee + Foundation Course" */
  description: string;
  paidPence: number;
  refundedPence: number;
  /** The whole payment went back. */
  full: boolean;
  /** When the payment was refunded in full, else when its last part refund was recorded. */
  refundedAt: Date;
}

async function refundsOf(db: Db, studentId: string): Promise<StudentRefund[]> {
  const rows = await db
    .select({
      paymentType: payments.paymentType,
      courseType: payments.courseType,
      amountPence: payments.amountPence,
      refundedPence: payments.refundedPence,
      status: payments.status,
      refundedAt: payments.refundedAt,
      lastPartAt: sql<
        string | null
      >`(select max(${paymentRefunds.createdAt}) from ${paymentRefunds} where ${paymentRefunds.paymentId} = ${payments.id})`,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(and(eq(payments.studentId, studentId), gt(payments.refundedPence, 0)))
    .orderBy(asc(payments.completedAt));
  return rows.map((row) => ({
    description: describePayment(row.paymentType, row.courseType),
    paidPence: row.amountPence,
    refundedPence: row.refundedPence,
    full: row.status === 'refunded',
    refundedAt: row.refundedAt ?? new Date(row.lastPartAt ?? row.completedAt ?? 0),
  }));
}

export async function getStudentAccount(
  db: Db,
  student: Student,
  site: { courseAccessUrls: CourseAccessUrls },
  now: Date,
): Promise<StudentAccount> {
  const [verification] = await db
    .select({ status: idVerifications.status })
    .from(idVerifications)
    .where(eq(idVerifications.studentId, student.id))
    .limit(1);
  const idStatus: IdStatus = verification?.status ?? 'not_required';
  const url =
    student.coursePaid && student.courseType && idStatus === 'approved'
      ? courseAccessUrl(site, student.courseType)
      : null;
  return {
    student,
    idStatus,
    courseAccessUrl: url,
    daysUntilStart: student.courseStartDate ? daysUntil(student.courseStartDate, now) : null,
    refunds: await refundsOf(db, student.id),
  };
}
