/**
 * What the app relies on from both engines alike (run on PGlite and on PostgreSQL), with PGlite and
 * drizzle used through their public APIs only (docs/decisions/030):
 *
 * - The types drizzle reads as text (dates, timestamps, intervals and their arrays, numeric arrays)
 *   come back as the same strings on PGlite as on PostgreSQL, and drizzle maps timestamps to the
 *   same Dates: what a student or an admin sees does not depend on the engine.
 * - Read-then-write transactions that lock their row first (`for update`, as `getStudent(tx, id,
 *   true)` does before a payment or a progress change) lose no update when many run at once, and a
 *   write of a transaction that fails is never seen by anyone (no dirty read). PGlite gets this by
 *   running one transaction at a time on its one connection, PostgreSQL by row locks and READ
 *   COMMITTED: an upgrade or setting that changed either would fail here.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '@server/db/schema';
import { insertStudent } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';

/** The rows of a raw `execute` (the app's `Db` type leaves its result engine-neutral). */
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('both engines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('read dates, timestamps, intervals and arrays as the same text, and timestamps as the same Dates', async () => {
    const result = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      return tx.execute(sql`select
        timestamp '2027-03-04 05:06:07.089' as ts,
        timestamptz '2027-03-04 05:06:07.089+00' as tstz,
        date '2027-03-04' as day,
        interval '1 day 02:03:04' as span,
        array[1.50, 2]::numeric[] as nums,
        array[timestamp '2027-03-04 05:06:07']::timestamp[] as tss,
        array[timestamptz '2027-03-04 05:06:07+00']::timestamptz[] as tstzs,
        array[interval '3 hours']::interval[] as spans,
        array[date '2027-03-04', null]::date[] as days`);
    });
    expect(rowsOf(result)).toEqual([
      {
        ts: '2027-03-04 05:06:07.089',
        tstz: '2027-03-04 05:06:07.089+00',
        day: '2027-03-04',
        span: '1 day 02:03:04',
        nums: '{1.50,2}',
        tss: '{"2027-03-04 05:06:07"}',
        tstzs: '{"2027-03-04 05:06:07+00"}',
        spans: '{03:00:00}',
        days: '{2027-03-04,NULL}',
      },
    ]);

    const registered = new Date('2027-03-04T05:06:07.089Z');
    const student = await insertStudent(t.db, { registrationDate: registered, courseStartDate: '2027-04-05' });
    const [row] = await t.db
      .select({ registered: students.registrationDate, start: students.courseStartDate })
      .from(students)
      .where(eq(students.id, student.id));
    expect(row).toEqual({ registered, start: '2027-04-05' });
  });

  it('keep concurrent read-then-write transactions apart: no lost update, no dirty read', async () => {
    await t.db.execute(sql`create table engine_counter (id int primary key, n int not null)`);
    await t.db.execute(sql`insert into engine_counter values (1, 0)`);
    const turns = async (count: number) => {
      for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    const reads: number[] = [];
    const read = async (i: number) => {
      await turns(i % 30);
      const rows = rowsOf(await t.db.execute(sql`select n from engine_counter where id = 1`));
      reads.push(Number(rows[0]!.n));
    };
    // Every other transaction fails after writing a value no committed state ever has (n + 1000).
    const increment = (fails: boolean) =>
      t.db
        .transaction(async (tx) => {
          const rows = rowsOf(await tx.execute(sql`select n from engine_counter where id = 1 for update`));
          const n = Number(rows[0]!.n);
          await turns(1); // let everything else in between
          await tx.execute(sql`update engine_counter set n = ${fails ? n + 1000 : n + 1} where id = 1`);
          await turns(1);
          if (fails) throw new Error('refused');
        })
        .catch((error: Error) => expect(error.message).toBe('refused'));
    const work = Array.from({ length: 180 }, (_, i) => (i % 6 === 0 ? increment(i % 12 === 6) : read(i)));
    await Promise.all(work);
    const rows = rowsOf(await t.db.execute(sql`select n from engine_counter where id = 1`));
    expect(Number(rows[0]!.n)).toBe(15);
    expect(reads).toHaveLength(150);
    expect(reads.filter((n) => n < 0 || n > 15)).toEqual([]);
  });
});
