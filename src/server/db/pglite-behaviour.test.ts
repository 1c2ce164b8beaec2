/**
 * What the app relies on from PGlite (0.5.16) and drizzle-orm's PGlite driver (0.44.7), both pinned
 * exact in package.json and used through their public APIs only (docs/decisions/030). An upgrade
 * that changes one of these fails here before it changes what users see:
 *
 * - Drizzle's PGlite driver reads dates, timestamps, intervals and their arrays, and numeric arrays,
 *   as the text Postgres sends and maps that text itself: the strings must be PostgreSQL's own (the
 *   same literals are checked on a PostgreSQL server by test/foundation/database-engines.test.ts),
 *   or dates shown to students and admins and the CSV export would change.
 * - Drizzle's prepared queries (`.prepare()`, used by the auth plugin and the progress read) give
 *   the same rows as the unprepared query, run after run.
 * - `dumpDataDir()` / `loadDataDir` round trip a migrated database with its data, its extensions'
 *   indexes and drizzle's migration journal: the test snapshots (test/setup/migrated-database.ts)
 *   and `npm run backup` / `restore` (src/server/cli/backup.ts) are built on it.
 * - One PGlite is one connection, and `transaction()` holds it: a query sent while a transaction is
 *   open waits for the commit instead of running inside it (so it never sees, nor joins, another
 *   request's uncommitted work), and transactions run one after the other.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from './client';
import { stageProgress, students } from './schema';

/** The rows of a raw `execute` (the app's `Db` type leaves its result engine-neutral). */
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

let database: Database;
let client: PGlite;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: ':memory:' });
  client = (database.db as unknown as { $client: PGlite }).$client;
});
afterAll(() => database.close());

describe('PGlite and drizzle behaviour the app relies on', () => {
  it('reads the types drizzle maps itself as PostgreSQL’s text', async () => {
    const result = await database.db.transaction(async (tx) => {
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
  });

  it('gives the same rows through a prepared query as through the plain one, run after run', async () => {
    const [student] = await database.db
      .insert(students)
      .values({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
      .returning();
    await database.db.insert(stageProgress).values([
      { studentId: student!.id, stageNumber: 1 },
      { studentId: student!.id, stageNumber: 3 },
    ]);
    const query = database.db
      .select({ email: students.email, registered: students.registrationDate, stage: stageProgress.stageNumber })
      .from(students)
      .innerJoin(stageProgress, eq(stageProgress.studentId, students.id))
      .where(eq(students.id, sql.placeholder('id')))
      .orderBy(stageProgress.stageNumber);
    const plain = await database.db
      .select({ email: students.email, registered: students.registrationDate, stage: stageProgress.stageNumber })
      .from(students)
      .innerJoin(stageProgress, eq(stageProgress.studentId, students.id))
      .where(eq(students.id, student!.id))
      .orderBy(stageProgress.stageNumber);
    expect(plain).toHaveLength(2);
    expect(plain[0]!.registered).toBeInstanceOf(Date);
    const prepared = query.prepare('behaviour_test');
    for (let run = 0; run < 8; run++) expect(await prepared.execute({ id: student!.id })).toEqual(plain);
  });

  it('round trips a migrated database with its data through dumpDataDir and loadDataDir', async () => {
    await database.db
      .insert(students)
      .values({ firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com' });
    for (const compression of ['none', 'gzip'] as const) {
      const dump = await client.dumpDataDir(compression);
      const copy = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
      try {
        const { rows } = await copy.query<{ email: string }>(
          `select email from students where email ilike $1 order by email`,
          ['%hopper%'],
        );
        expect(rows).toEqual([{ email: 'grace.hopper@example.com' }]);
        // The trigram index (pg_trgm) came along, and so did the migration journal: opening the copy
        // runs no migration again.
        const indexes = await copy.query(`select 1 from pg_indexes where indexdef ilike '%gin_trgm_ops%'`);
        expect(indexes.rows.length).toBeGreaterThan(0);
        const applied = await copy.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`);
        const original = await client.query<{ n: number }>(
          `select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied.rows[0]!.n).toBe(original.rows[0]!.n);
        expect(applied.rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await copy.close();
      }
    }
  });

  it('holds the one connection for a transaction: other queries wait for its commit, transactions queue', async () => {
    await client.exec(`create table behaviour_counter (n int not null); insert into behaviour_counter values (0);`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`update behaviour_counter set n = 1`);
      await held;
      order.push('first commits');
    });
    const read = database.db
      .execute(sql`select n from behaviour_counter`)
      .then((result) => order.push(`read ${String(rowsOf(result)[0]!.n)}`));
    const second = database.db.transaction(async (tx) => {
      const rows = rowsOf(await tx.execute(sql`select n from behaviour_counter`));
      order.push(`second reads ${String(rows[0]!.n)}`);
    });
    // A fixed wait: this checks that nothing happens while the transaction is held, and no event
    // says "they would have run by now" (PGlite's queue is not observable).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, read, second]);
    expect(order[0]).toBe('first commits');
    expect(order.slice(1).sort()).toEqual(['read 1', 'second reads 1']);
  });
});
