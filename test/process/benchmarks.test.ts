/**
 * The benchmark commands (the README's command table) still run to the end: CI does not time them, but
 * two of them had stopped working unnoticed (bench:admin at start after seeding, bench:enrol at the
 * registration throttle of 10 an hour, hence 12 students). Tiny sizes, the shortest load (1 s a
 * measurement), the commands side by side; only that they finish with every request answered is
 * checked. The real runs are the commands themselves.
 */
import { describe, expect, inject, it } from 'vitest';
import { runScript } from './server-process';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** Each command's embedded database starts as a copy of the run's migrated one (scripts/bench-data-dir.ts). */
const template = { BENCH_PGLITE_TEMPLATE: inject('processPgliteTemplate') ?? '' };

describe.concurrent('benchmark commands', { timeout: 120_000 }, () => {
  it('bench:enrol enrols every student it registers', async () => {
    const { code, stdout, stderr } = await runScript(
      'scripts/bench-enrol.ts',
      ['12', '3', ...(postgresUrl ? [postgresUrl] : [])],
      template,
    );
    expect(stderr).not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/PGlite \(embedded, on disk\): 12 students, concurrency 3, 36 requests/);
    if (postgresUrl) expect(stdout).toMatch(/PostgreSQL: 12 students, concurrency 3, 36 requests/);
  });

  it('bench:admin seeds, starts the app and measures every list, the stats and the export', async () => {
    const { code, stdout, stderr } = await runScript(
      'scripts/bench-admin.ts',
      ['--students', '30', '--runs', '1', '--engine', postgresUrl ? 'both' : 'pglite'],
      { ...template, ...(postgresUrl ? { BENCH_DATABASE_URL: postgresUrl } : {}) },
    );
    expect(stderr).not.toMatch(/Error/);
    expect(code).toBe(0);
    const engines = stdout.match(/== (pglite|postgres): 30 students ==/g) ?? [];
    expect(engines).toHaveLength(postgresUrl ? 2 : 1);
    expect(stdout.match(/stats\s+[\d.]+ ms\s+[\d.]+ ms\s+30 students/g)).toHaveLength(engines.length);
    expect(stdout.match(/CSV export, all rows\s+[\d.]+ s\s+30 rows/g)).toHaveLength(engines.length);
  });

  it('bench:http drives the app beside a bare server and reports no failed request', async () => {
    const { code, stdout, stderr } = await runScript(
      'scripts/bench-http.ts',
      [...['--engine', 'pglite', '--only', 'course-dates', '--seconds', '1', '--rounds', '1']],
      template,
    );
    expect(stderr).not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^GET \/api\/course-dates \| \d+ \| .* \| 0\/0$/m);
  });

  it('bench:http with wrk drives the landing page and the four calls of the dashboard, every answer a success', async () => {
    const { code, stdout, stderr } = await runScript(
      'scripts/bench-http.ts',
      [
        ...['--engine', 'pglite', '--generator', 'wrk', '--seconds', '1', '--rounds', '1'],
        ...['--only', 'landing', '--only', 'dashboard'],
      ],
      template,
    );
    expect(stderr, 'wrk is installed by .ci/run (apt-get install -y wrk)').not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/generator wrk/);
    // The landing page's line has both shares: of the bare server, and of it sending the same bytes.
    expect(stdout).toMatch(
      /^GET \/ \(landing, br\) \| [1-9]\d* \| [\d.]+ \| [\d.]+ \| \d+ \| [\d.]+% \| [\d.]+% \| \d+ \| 0\/0$/m,
    );
    expect(stdout).toMatch(/^student dashboard \(4 calls\) \| [1-9]\d* \| .* \| 0\/0$/m);
    expect(stdout).not.toMatch(/^GET \/api\/course-dates/m);
  });
});
