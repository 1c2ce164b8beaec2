/**
 * The course dates a server keeps in memory (docs/perf/course-dates.md) on PostgreSQL, with two server
 * processes: a write through one shows on the other at once (the database's notification), and when
 * the listening connection is cut nothing stale is served while it reconnects.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isoDateAfter } from '@shared/schedule';
import { migratedPostgresDatabase, startServer, stopServer, type RunningServer } from './server-process';

describe('course dates across processes on PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  afterAll(async () => {
    await client?.end();
    for (const server of servers) await stopServer(server, 'SIGKILL');
    await drop?.();
  });

  it('a place change written anywhere shows on every process at once, and after its listener is cut', async () => {
    const created = await migratedPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
    };
    servers.push(await startServer(env), await startServer(env));
    const [a, b] = servers as [RunningServer, RunningServer];
    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const date = isoDateAfter(new Date(), 50);
    const placesLeft = async (server: RunningServer) =>
      (
        (await (await fetch(`${server.url}/api/course-dates`)).json()) as {
          schedule: Array<{ start_date: string; places_left: number | null }>;
        }
      ).schedule.find((entry) => entry.start_date === date)?.places_left;
    const soon = { timeout: 500, interval: 20 };

    await client.query('insert into cohorts (course_start_date, capacity) values ($1, 6)', [date]);
    await expect.poll(() => placesLeft(a), soon).toBe(6);
    await expect.poll(() => placesLeft(b), soon).toBe(6);

    // Both keep the answer; a write from a third connection reaches both within the poll (well under
    // the second an answer may be kept by the clock alone).
    await client.query('update cohorts set capacity = 4 where course_start_date = $1', [date]);
    await expect.poll(() => placesLeft(a), soon).toBe(4);
    await expect.poll(() => placesLeft(b), soon).toBe(4);

    // Cut every listening connection: a notification sent now is lost, so nothing kept may be used.
    const cut = await client.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
    );
    expect(cut.rowCount).toBe(2);
    await client.query('update cohorts set capacity = 2 where course_start_date = $1', [date]);
    expect(await placesLeft(a)).toBe(2);
    expect(await placesLeft(b)).toBe(2);

    // They listen again within a few seconds, and notifications work as before.
    await expect
      .poll(
        async () =>
          (
            await client!.query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
            )
          ).rows[0].n,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(2);
    expect(await placesLeft(a)).toBe(2);
    await client.query('update cohorts set capacity = 9 where course_start_date = $1', [date]);
    await expect.poll(() => placesLeft(a), soon).toBe(9);
    await expect.poll(() => placesLeft(b), soon).toBe(9);
  });
});
