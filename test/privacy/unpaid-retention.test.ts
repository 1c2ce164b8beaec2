// engines: both
/**
 * Retention (docs/product/student-area.md, "Your data"): a registration that never paid is erased
 * UNPAID_RETENTION_DAYS after it was made, by a job that runs once across processes (withJobLock, whose
 * exclusion test/foundation/background-work.test.ts checks).
 * The clock is moved, not the data: the same students are kept one day before the limit and erased
 * (or kept, for those who paid) one day after.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, students } from '@server/db/schema';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { unpaidRetentionJob, UNPAID_RETENTION_JOB } from '@server/jobs/unpaid-retention';
import { insertPaidStudent, insertPayment, insertStudent } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { findPersonalValues } from '../helpers/personal-values';

const DAY_MS = 24 * 60 * 60 * 1000;
const silent = { info: () => {} };

describe('erasing registrations that never paid', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ UNPAID_RETENTION_DAYS: '365' });
  });
  afterAll(() => t.close());

  it('erases them after UNPAID_RETENTION_DAYS on a moved clock, and keeps everyone who paid or is paying', async () => {
    const unpaid = await insertStudent(t.db, { phone: '07999 000111' });
    const failedOnly = await insertStudent(t.db);
    await insertPayment(t.db, { studentId: failedOnly.id, paymentType: 'enrollment', status: 'failed' });
    const paid = await insertPaidStudent(t.db);
    const paying = await insertStudent(t.db);
    await insertPayment(t.db, { studentId: paying.id, paymentType: 'enrollment', status: 'pending' });
    const ids = [unpaid.id, failedOnly.id, paid.id, paying.id];
    const registered = Math.max(...[unpaid, failedOnly, paid, paying].map((s) => s.registrationDate.getTime()));
    const remaining = async () =>
      (await t.db.select({ id: students.id }).from(students).where(inArray(students.id, ids))).map((r) => r.id).sort();

    const at = (days: number) =>
      unpaidRetentionJob(
        t.db,
        { retentionDays: t.config.unpaidRetention.days, everyMs: 1000 },
        silent,
        () => new Date(registered + days * DAY_MS),
      );
    await at(364).run(new AbortController().signal);
    expect(await remaining()).toEqual([...ids].sort());

    await at(366).run(new AbortController().signal);
    expect(await remaining()).toEqual([paid.id, paying.id].sort());
    expect(await findPersonalValues(t.db, [unpaid.email, unpaid.lastName, '07999 000111', failedOnly.email])).toEqual(
      [],
    );
    // The failed attempt stays as a money record, detached; each erasure is audited by the system.
    const [failed] = await t.db.select().from(payments).where(eq(payments.status, 'failed'));
    expect(failed?.studentId).toBeNull();
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.studentId, [unpaid.id, failedOnly.id]));
    expect(audited.map((a) => [a.action, a.adminUsername, a.details])).toEqual([
      ['student.erased', 'system (retention)', { reason: 'unpaid_retention', retention_days: 365 }],
      ['student.erased', 'system (retention)', { reason: 'unpaid_retention', retention_days: 365 }],
    ]);
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.studentId, paying.id));
    expect(await findLedgerViolations(t.db)).toEqual([]);
  });

  it('is scheduled in the app with the configured period', async () => {
    expect(t.app.jobs.lastSuccesses().map((j) => j.job)).toContain(UNPAID_RETENTION_JOB);
    await t.app.jobs.runNow(UNPAID_RETENTION_JOB);
    expect(t.app.jobs.lastSuccesses().find((j) => j.job === UNPAID_RETENTION_JOB)?.at).toBeInstanceOf(Date);
  });
});
