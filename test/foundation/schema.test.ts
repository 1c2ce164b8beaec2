// engines: both
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, contactMessages, payments, stageProgress, students } from '@server/db/schema';
import { insertStudent, listPrices, pricePence } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { one } from '@server/db/rows';

// One app and database for the file's two parts.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The database itself refuses bad data, whatever the code above it does. */
describe('database constraints', () => {
  /** Drizzle wraps driver errors; the Postgres message is on the error or its cause. */
  async function rejection(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      const e = error as Error & { cause?: Error };
      return `${e.message} ${e.cause?.message ?? ''}`;
    }
    throw new Error('expected the database to refuse this');
  }

  it('keeps emails unique regardless of case', async () => {
    await insertStudent(t.db, { email: 'Jane.Doe@Example.com' });
    expect(await rejection(insertStudent(t.db, { email: 'jane.doe@example.COM' }))).toMatch(/students_email_lower_key/);
  });

  it('refuses unknown enum values and negative money', async () => {
    expect(await rejection(insertStudent(t.db, { courseType: 'gold' as never }))).toMatch(/students_course_type_check/);
    expect(await rejection(insertStudent(t.db, { completionStatus: 'done' as never }))).toMatch(
      /students_completion_status_check/,
    );
    expect(await rejection(insertStudent(t.db, { totalPaidPence: -1 }))).toMatch(/students_total_paid_check/);
    const student = await insertStudent(t.db);
    const payment = {
      studentId: student.id,
      paymentType: 'enrollment' as const,
      method: 'card' as const,
      ...listPrices('enrollment'),
    };
    expect(await rejection(t.db.insert(payments).values({ ...payment, amountPence: 0, idempotencyKey: 'a' }))).toMatch(
      /payments_amount_check/,
    );
    expect(
      await rejection(
        t.db
          .insert(payments)
          .values({ ...payment, amountPence: pricePence('enrollment'), idempotencyKey: 'b', currency: 'USD' }),
      ),
    ).toMatch(/payments_currency_check/);
    expect(
      await rejection(
        t.db
          .insert(payments)
          .values({ ...payment, amountPence: pricePence('enrollment'), idempotencyKey: 'c', status: 'completed' }),
      ),
    ).toMatch(/payments_completed_at_check/);
    expect(await rejection(t.db.insert(stageProgress).values({ studentId: student.id, stageNumber: 10 }))).toMatch(
      /stage_progress_stage_check/,
    );
    expect(
      await rejection(
        t.db.insert(contactMessages).values({ name: 'A', email: 'a@b.c', message: 'hi', category: 'spam' }),
      ),
    ).toMatch(/contact_messages_category_check/);
  });

  it('keeps idempotency keys, referral codes and certificate ids unique', async () => {
    const student = await insertStudent(t.db, { referralCode: 'VBR-ABC234' });
    expect(await rejection(insertStudent(t.db, { referralCode: 'VBR-ABC234' }))).toMatch(/students_referral_code_key/);
    const payment = {
      studentId: student.id,
      paymentType: 'enrollment' as const,
      method: 'card' as const,
      amountPence: pricePence('enrollment'),
      ...listPrices('enrollment'),
    };
    await t.db.insert(payments).values({ ...payment, idempotencyKey: 'same-key' });
    expect(await rejection(t.db.insert(payments).values({ ...payment, idempotencyKey: 'same-key' }))).toMatch(
      /payments_idempotency_key_key/,
    );
    const other = await insertStudent(t.db);
    const cert = { courseType: 'pro' as const, completionDate: '2027-01-01', certificateId: 'VBR-ABCDEFGH23' };
    await t.db.insert(certificates).values({ ...cert, studentId: student.id });
    expect(await rejection(t.db.insert(certificates).values({ ...cert, studentId: other.id }))).toMatch(
      /certificates_certificate_id_key/,
    );
  });

  it('keeps payment rows when a student is deleted, with the link cleared', async () => {
    const student = await insertStudent(t.db);
    await t.db.insert(payments).values({
      studentId: student.id,
      paymentType: 'enrollment',
      method: 'manual',
      amountPence: pricePence('enrollment'),
      ...listPrices('enrollment'),
      idempotencyKey: `keep-${student.id}`,
    });
    await t.db.insert(stageProgress).values({ studentId: student.id, stageNumber: 1 });
    await t.db.delete(students).where(sql`${students.id} = ${student.id}`);
    const rows = await t.db
      .select()
      .from(payments)
      .where(sql`${payments.idempotencyKey} = ${`keep-${student.id}`}`);
    expect(rows).toHaveLength(1);
    expect(one(rows).studentId).toBeNull();
    expect(one(rows).amountPence).toBe(pricePence('enrollment'));
    const progress = await t.db
      .select()
      .from(stageProgress)
      .where(sql`${stageProgress.studentId} = ${student.id}`);
    expect(progress).toHaveLength(0);
  });
});

/**
 * Values come back the same from both engines. On PGlite the client reads dates, timestamps and
 * intervals as text once for every query, rather than drizzle passing those parsers with each one
 * (src/server/db/client.ts): drizzle's mapping must still see what it expects.
 */
describe('values read back', () => {
  it('gives timestamps as Dates, dates as ISO strings, and the same through raw SQL and arrays', async () => {
    const created = new Date('2027-03-04T05:06:07.089Z');
    const student = await insertStudent(t.db, { registrationDate: created, courseStartDate: '2027-04-05' });
    const [row] = await t.db
      .select({ createdAt: students.registrationDate, start: students.courseStartDate })
      .from(students)
      .where(sql`${students.id} = ${student.id}`);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.createdAt.toISOString()).toBe(created.toISOString());
    expect(row!.start).toBe('2027-04-05');
    const raw = (await t.db.execute(
      sql`select ${students.registrationDate} as at, ${students.courseStartDate} as day, interval '1 day 2 hours' as span,
        array[${students.courseStartDate}, ${students.courseStartDate}] as days
        from ${students} where ${students.id} = ${student.id}`,
    )) as unknown as { rows: { at: string; day: string; span: string; days: string }[] };
    const values = raw.rows[0]!;
    expect(new Date(values.at).toISOString()).toBe(created.toISOString());
    expect(values.day).toBe('2027-04-05');
    expect(values.span).toBe('1 day 02:00:00');
    expect(values.days).toBe('{2027-04-05,2027-04-05}');
  });
});
