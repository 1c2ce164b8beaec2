import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { COURSES } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { payments, students } from '@server/db/schema';

export const RECENT_SIGNUPS_LIMIT = 10;
export const DEFAULT_SIGNUP_LOCATION = 'UK';

/** A sign-up as the landing page may show it: the first name and town the student agreed to show. */
export interface RecentSignup {
  /** Opaque and stable per student; never the student's id. */
  publicId: string;
  firstName: string;
  location: string;
  /** The course bought, or 'Enrollment' when only the fee is paid. */
  course: 'Pro' | 'Foundation' | 'Enrollment';
  signedUpAt: Date;
}

/** A stable public id for the widget that reveals nothing about the student's real id. */
function publicId(studentId: string): string {
  return createHash('sha256').update(`recent-signup:${studentId}`).digest('base64url').slice(0, 16);
}

/**
 * The newest students who paid the enrolment fee (by when they paid it) and agreed at step 1 to be
 * shown, for the landing page's social-proof widget. Only the first name and the town leave the server.
 */
export async function listRecentSignups(db: Db, limit = RECENT_SIGNUPS_LIMIT): Promise<RecentSignup[]> {
  const paidAt = db
    .select({ studentId: payments.studentId, paidAt: sql<Date>`min(${payments.completedAt})`.as('paid_at') })
    .from(payments)
    .where(and(eq(payments.status, 'completed'), inArray(payments.paymentType, ['enrollment', 'combined'])))
    .groupBy(payments.studentId)
    .as('enrolment_payments');
  const signedUpAt = sql<Date>`coalesce(${paidAt.paidAt}, ${students.registrationDate})`;

  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      signupLocation: students.signupLocation,
      courseType: students.courseType,
      coursePaid: students.coursePaid,
      signedUpAt: signedUpAt.mapWith((value: string | Date) => new Date(value)),
    })
    .from(students)
    .leftJoin(paidAt, eq(paidAt.studentId, students.id))
    .where(and(eq(students.enrollmentPaid, true), eq(students.showInRecentSignups, true)))
    .orderBy(desc(signedUpAt), desc(students.id))
    .limit(limit);

  return rows.map((row) => ({
    publicId: publicId(row.id),
    firstName: row.firstName.trim(),
    location: row.signupLocation?.trim() || DEFAULT_SIGNUP_LOCATION,
    course: row.coursePaid && row.courseType ? COURSES[row.courseType].shortName : 'Enrollment',
    signedUpAt: row.signedUpAt,
  }));
}
