import { and, asc, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { payments, students } from '@server/db/schema';
import { writeAudit } from '../audit/write-audit';
import { eraseStudent } from '../students/erase-student';

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION_ACTOR = { adminId: null, username: 'system (retention)' } as const;

/**
 * Retention (docs/product/student-area.md, "Your data"): erases up to `limit` registrations older than
 * `retentionDays` that never paid anything — no payment completed, refunded or under way — as
 * erase-student.ts does, each audited. Rows another transaction holds are left for the next run.
 * Returns how many were erased.
 */
export async function eraseUnpaidRegistrations(
  tx: Db,
  retentionDays: number,
  limit: number,
  now: Date,
): Promise<number> {
  const expired = await tx
    .select()
    .from(students)
    .where(
      and(
        eq(students.enrollmentPaid, false),
        eq(students.coursePaid, false),
        eq(students.totalPaidPence, 0),
        lt(students.registrationDate, new Date(now.getTime() - retentionDays * DAY_MS)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.studentId, students.id), sql`${payments.status} <> 'failed'`)),
        ),
      ),
    )
    .orderBy(asc(students.registrationDate))
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const student of expired) {
    await eraseStudent(tx, student, RETENTION_ACTOR, now);
    await writeAudit(tx, RETENTION_ACTOR, {
      action: 'student.erased',
      studentId: student.id,
      details: { reason: 'unpaid_retention', retention_days: retentionDays },
    });
  }
  return expired.length;
}
