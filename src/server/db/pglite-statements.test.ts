import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

/**
 * The client with named statements against PGlite's own `query`, on two databases made the same way:
 * every answer must be the same, and what differs is only how often Postgres parses and plans.
 */
let plain: PGlite;
let prepared: PGlite;

const SCHEMA = `
  create table people (
    id uuid primary key,
    name text not null unique,
    age int,
    born date,
    seen timestamptz,
    tags text[],
    score numeric(6, 2),
    active boolean not null default true,
    extra jsonb
  );
`;

beforeAll(async () => {
  plain = await PGlite.create();
  prepared = withPreparedStatements(await PGlite.create(), { maxStatements: 4 });
  for (const client of [plain, prepared]) await client.exec(SCHEMA);
});
afterAll(async () => {
  await plain.close();
  await prepared.close();
});

/** The named statements the session holds (read with the simple protocol, which is never wrapped). */
async function statementNames(client: PGlite): Promise<string[]> {
  const [result] = await client.exec(`select name from pg_prepared_statements order by name`);
  return (result!.rows as { name: string }[]).map((row) => row.name);
}

/** Runs the same statement on both clients and returns both results (errors as values). */
async function both(text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) {
  const run = (client: PGlite) =>
    client.query(text, params, options).then(
      (result) => ({ ok: true as const, result }),
      (error: Error & { code?: string; query?: string }) => ({
        ok: false as const,
        message: error.message,
        code: error.code,
        query: error.query,
      }),
    );
  return { plain: await run(plain), prepared: await run(prepared) };
}

describe('PGlite with named prepared statements', () => {
  it('answers every statement as PGlite does: rows, arrays, types, nulls and counts', async () => {
    const rows = [
      [
        '6f1b2c4e-8a9d-4e2f-b1c3-0d5e6f7a8b9c',
        'Ada',
        36,
        '1990-12-10',
        new Date('2026-11-26T08:00:00Z'),
        ['a', 'b'],
        '12.50',
        true,
        { k: [1, 2] },
      ],
      ['7a2c3d5f-9bae-4f30-82d4-1e6f7a8b9cad', 'Bo', null, null, null, null, null, false, null],
    ];
    for (const row of rows) {
      const insert = await both(
        `insert into people (id, name, age, born, seen, tags, score, active, extra) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
        row,
      );
      expect(insert.prepared).toEqual(insert.plain);
      expect(insert.prepared.ok && insert.prepared.result.affectedRows).toBe(1);
    }
    for (const mode of ['object', 'array'] as const) {
      const select = await both(`select * from people where active = $1 or age > $2 order by name`, [false, 30], {
        rowMode: mode,
      });
      expect(select.prepared).toEqual(select.plain);
      expect(select.prepared.ok && select.prepared.result.rows).toHaveLength(2);
    }
    const update = await both(`update people set age = coalesce(age, 0) + 1 where name = any($1)`, [['Ada', 'Bo']]);
    expect(update.prepared).toEqual(update.plain);
    expect(update.prepared.ok && update.prepared.result.affectedRows).toBe(2);
    const none = await both(`select name from people where id = $1`, ['00000000-0000-4000-8000-000000000000']);
    expect(none.prepared).toEqual(none.plain);
    expect(none.prepared.ok && none.prepared.result.rows).toEqual([]);
  });

  it('parses a text once: the same statement runs again without a new one', async () => {
    const text = `select count(*)::int as n from people where age >= $1`;
    for (let i = 0; i < 8; i++) {
      const result = await prepared.query<{ n: number }>(text, [i]);
      expect(result.rows[0]!.n).toBeGreaterThanOrEqual(0);
    }
    const after = await statementNames(prepared);
    await prepared.query(text, [1]);
    expect(await statementNames(prepared)).toEqual(after);
    // PGlite's own path keeps no statement.
    await plain.query(text, [1]);
    expect(await statementNames(plain)).toEqual([]);
  });

  it('keeps at most maxStatements, closing the least recently used', async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `select ${n} as n, name from people where name = $1`);
    for (const text of texts) await prepared.query(text, ['Ada']);
    expect(await statementNames(prepared)).toHaveLength(4);
    // The most recent four still answer, and so does the first again (prepared anew).
    for (const text of [...texts.slice(2), texts[0]!]) {
      expect((await prepared.query<{ name: string }>(text, ['Ada'])).rows).toEqual([
        expect.objectContaining({ name: 'Ada' }),
      ]);
    }
    expect(await statementNames(prepared)).toHaveLength(4);
  });

  it('reports errors as PGlite does and goes on working after them', async () => {
    const cases: Array<[string, unknown[]]> = [
      ['select * from nowhere where id = $1', [1]], // undefined table, at parse
      ['select name from people where id = $1', ['not-a-uuid']], // bad parameter, at bind
      ['insert into people (id, name) values ($1, $2)', ['6f1b2c4e-8a9d-4e2f-b1c3-0d5e6f7a8b9c', 'Cy']], // unique
      ['select 1; select 2', []], // two statements in one text
    ];
    for (const [text, params] of cases) {
      const result = await both(text, params);
      expect(result.plain.ok).toBe(false);
      expect(result.prepared).toEqual(result.plain);
    }
    const codes = await Promise.all(cases.map(([text, params]) => prepared.query(text, params).catch((e) => e.code)));
    expect(codes).toEqual(['42P01', '22P02', '23505', '42601']);
    // The failed statements left nothing behind: the next one works.
    expect((await prepared.query<{ n: number }>('select count(*)::int as n from people')).rows[0]!.n).toBe(2);
  });

  it('prepares again when the table under a kept statement changes', async () => {
    const text = `select * from people where name = $1`;
    const before = await prepared.query<Record<string, unknown>>(text, ['Ada']);
    expect(before.rows[0]).not.toHaveProperty('nickname');
    for (const client of [plain, prepared]) await client.exec(`alter table people add column nickname text`);
    const after = await both(text, ['Ada']);
    expect(after.prepared).toEqual(after.plain);
    expect(after.prepared.ok && after.prepared.result.rows[0]).toHaveProperty('nickname', null);
    // Also when the session's statements were dropped behind its back (PGlite's own exec)…
    await PGlite.prototype.exec.call(prepared, 'deallocate all');
    expect((await prepared.query(text, ['Ada'])).rows).toHaveLength(1);
    // …and through it: then they are forgotten too, and a transaction finds none missing.
    const inTransaction = `select name from people where name = $1`;
    await prepared.query(inTransaction, ['Ada']);
    await prepared.exec('deallocate all');
    expect(await statementNames(prepared)).toEqual([]);
    await prepared.transaction(async (tx) => {
      expect((await tx.query(inTransaction, ['Ada'])).rows).toEqual([{ name: 'Ada' }]);
    });
  });

  it('in a transaction, a statement whose table changed under it fails once and is prepared anew after', async () => {
    const text = `select * from people where name = $1`;
    await prepared.query(text, ['Ada']);
    await prepared.exec(`alter table people drop column nickname`);
    // The statement's result type changed: the transaction cannot go on (the schema changes only in
    // the migrations, before the app serves).
    await expect(prepared.transaction((tx) => tx.query(text, ['Ada']))).rejects.toMatchObject({ code: '0A000' });
    await prepared.transaction(async (tx) => {
      expect((await tx.query<Record<string, unknown>>(text, ['Ada'])).rows[0]).not.toHaveProperty('nickname');
    });
    await plain.exec(`alter table people drop column nickname`);
  });

  it('waits for a transaction in progress, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared.transaction(async (tx) => {
      await tx.query(`insert into people (id, name) values ($1, $2)`, ['8b3d4e6a-acbf-4a41-93e5-2f7a8b9cadbe', 'Di']);
      await held;
    });
    // Sent while the transaction holds the database: answered after it commits, with its row.
    const read = prepared.query<{ n: number }>(`select count(*)::int as n from people where name = $1`, ['Di']);
    let answered = false;
    void read.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await read).rows[0]!.n).toBe(1);
  });

  describe('inside transaction()', () => {
    const ids = ['9c4e5f7b-bdca-4b52-a4f6-3a8b9cadbecf', 'ad5f6a8c-cedb-4c63-b5a7-4b9cadbecfd0'];

    /** The same transaction on both clients: its result, or its error's code and message. */
    async function bothInTransaction(work: (tx: Transaction) => Promise<unknown>) {
      const run = (client: PGlite) =>
        client.transaction(work).then(
          (result) => ({ ok: true as const, result }),
          (error: Error & { code?: string }) => ({ ok: false as const, code: error.code, message: error.message }),
        );
      return { plain: await run(plain), prepared: await run(prepared) };
    }

    it('answers as PGlite does, with named statements, and commits', async () => {
      const statements = (await statementNames(prepared)).length;
      const result = await bothInTransaction(async (tx) => {
        const inserted = await tx.query(
          `insert into people (id, name, age, tags) values ($1, $2, $3, $4) returning id, name, age, tags`,
          [ids[0], 'Ed', 41, ['x']],
        );
        const read = await tx.query(`select name, age from people where id = $1`, [ids[0]], { rowMode: 'array' });
        const updated = await tx.query(`update people set age = age + $1 where id = $2`, [1, ids[0]]);
        return { inserted, read, updated };
      });
      expect(result.prepared).toEqual(result.plain);
      expect(result.prepared.ok).toBe(true);
      expect(await statementNames(prepared)).toHaveLength(Math.min(4, statements + 3));
      const after = await both(`select age from people where id = $1`, [ids[0]]);
      expect(after.prepared).toEqual(after.plain);
      expect(after.prepared.ok && after.prepared.result.rows).toEqual([{ age: 42 }]);
    });

    it('rolls back on an error as PGlite does: nothing of the transaction stays, and the next query works', async () => {
      const result = await bothInTransaction(async (tx) => {
        await tx.query(`insert into people (id, name) values ($1, $2)`, [ids[1], 'Flo']);
        await tx.query(`insert into people (id, name) values ($1, $2)`, [ids[1], 'Flo again']); // same id
      });
      expect(result.prepared).toEqual(result.plain);
      expect(result.prepared).toMatchObject({ ok: false, code: '23505' });
      const after = await both(`select count(*)::int as n from people where id = $1`, [ids[1]]);
      expect(after.prepared).toEqual(after.plain);
      expect(after.prepared.ok && after.prepared.result.rows).toEqual([{ n: 0 }]);

      // Rolled back by the caller: later queries on that transaction are refused.
      const closed = await bothInTransaction(async (tx) => {
        await tx.query(`insert into people (id, name) values ($1, $2)`, [ids[1], 'Flo']);
        await tx.rollback();
        return tx.query(`select 1 as one from people where id = $1`, [ids[1]]);
      });
      expect(closed.prepared).toEqual(closed.plain);
      expect(closed.prepared).toMatchObject({ ok: false, message: 'Transaction is closed' });
    });

    it('keeps 40 read-then-write transactions and 200 reads sent at once apart: no lost or dirty count', async () => {
      await prepared.exec(`create table counter (n int not null); insert into counter values (0);`);
      const reads: number[] = [];
      const turns = async (count: number) => {
        for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
      };
      // Reads spread over the time the transactions run.
      const read = async (i: number) => {
        await turns(i % 40);
        const { rows } = await prepared.query<{ n: number }>(`select n from counter`);
        reads.push(rows[0]!.n);
      };
      // Every other transaction fails after its write: nobody may ever see what it wrote.
      const increment = (fails: boolean) =>
        prepared
          .transaction(async (tx) => {
            const { rows } = await tx.query<{ n: number }>(`select n from counter`);
            await turns(1); // let everything else in between
            await tx.query(`update counter set n = $1`, [rows[0]!.n + 1]);
            await turns(1);
            if (fails) throw new Error('refused');
          })
          .catch((error: Error) => expect(error.message).toBe('refused'));
      const work = Array.from({ length: 240 }, (_, i) => (i % 6 === 0 ? increment(i % 12 === 6) : read(i)));
      await Promise.all(work);
      expect((await prepared.query<{ n: number }>(`select n from counter`)).rows[0]!.n).toBe(20);
      expect(reads).toHaveLength(200);
      // Each read saw a committed count, in order.
      expect(reads).toEqual([...reads].sort((a, b) => a - b));
      expect(Math.max(...reads)).toBeLessThanOrEqual(20);
    });

    it('runs transactions and single queries one after the other', async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = prepared.transaction(async (tx) => {
        await tx.query(`update people set age = $1 where id = $2`, [50, ids[0]]);
        await held;
        order.push('first');
      });
      const second = prepared.transaction(async (tx) => {
        const { rows } = await tx.query<{ age: number }>(`select age from people where id = $1`, [ids[0]]);
        order.push(`second read ${rows[0]!.age}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['first', 'second read 50']);
    });
  });

  it('leaves to PGlite: DDL, queries with other options, and pattern matches (planned for each pattern)', async () => {
    const before = await statementNames(prepared);
    await prepared.query(`create table scratch (id int)`);
    await prepared.query(`select * from people`, [], { paramTypes: [] });
    for (let i = 0; i < 7; i++) {
      const search = await both(`select name from people where lower(name) like $1 order by name`, ['%a%']);
      expect(search.prepared).toEqual(search.plain);
    }
    expect(await statementNames(prepared)).toEqual(before);
  });
});
