// engines: both
/**
 * GET /metrics (docs/deploy.md, "Metrics"): absent without METRICS_TOKEN, 401 without the right bearer
 * token, Prometheus text with it; its counters move with the requests served, its gauges come from
 * the database at scrape time, and no label holds a raw URL (which may carry an email address).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_FILE, SPA_SHELL_FILE } from '@shared/routes';
import { UNPAID_RETENTION_JOB } from '@server/jobs/unpaid-retention';
import { insertPayment, insertStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { validRegistration } from '../helpers/enrolment';

const TOKEN = 'metrics-token-for-the-tests-0123';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The Prometheus text exposition format (version 0.0.4), strictly: `# HELP`/`# TYPE` lines, and
 * samples `name{label="value",...} number`. Throws on any other line, so a malformed answer fails.
 */
function parsePrometheusText(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const labelPair = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
  const sample = new RegExp(`^(${name})(?:\\{((?:${labelPair})(?:,${labelPair})*)?,?\\})? (\\S+)(?: -?\\d+)?$`);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP ${name} .*$`);
    const type = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (help.test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    // Values as Go's ParseFloat reads them: NaN and Inf in any case (prom-client writes `Nan`).
    const raw = match[3]!.toLowerCase();
    const value =
      raw === 'nan' ? NaN : raw === '+inf' || raw === 'inf' ? Infinity : raw === '-inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`not a number: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, REGISTRATION_RATE_LIMIT: '1' });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { body: res.body, ...parsePrometheusText(res.body) };
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

  it('does not exist without METRICS_TOKEN: the site answers its not-found page', async () => {
    // A built client of three files, so the not-found page answers as on a real site.
    const client = mkdtempSync(path.join(tmpdir(), 'vbr-client-'));
    writeFileSync(path.join(client, 'index.html'), '<!doctype html><title>landing</title>');
    writeFileSync(path.join(client, SPA_SHELL_FILE), '<!doctype html><title>app</title>');
    writeFileSync(path.join(client, NOT_FOUND_FILE), '<!doctype html><title>Page not found</title>');
    const plain = await buildTestApp({}, { clientDir: client });
    try {
      for (const headers of [{}, bearer(TOKEN)]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('Page not found');
      }
    } finally {
      await plain.close();
      rmSync(client, { recursive: true, force: true });
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const headers of [{}, bearer('wrong-token-wrong-token'), bearer(`${TOKEN}x`), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('is Prometheus text whose request counters move with each request, labelled by route pattern', async () => {
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const before = value((await scrape()).samples, 'http_request_duration_seconds_count', health) ?? 0;
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/students/someone@example.org/id-status' });
    await t.app.inject({ method: 'GET', url: '/someone.else@example.org' });
    const { body, samples, types } = await scrape();
    expect(value(samples, 'http_request_duration_seconds_count', health)).toBe(before + 3);
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(
      value(samples, 'http_request_duration_seconds_count', {
        route: '/api/students/:email/id-status',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(body).not.toContain('example.org');
    // Process and event-loop metrics.
    expect(value(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(value(samples, 'vbr_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'vbr_db_pool_waiting')).toBe(0);
  });

  it("passes Prometheus's own check (promtool check metrics: names, suffixes, help)", async () => {
    const { body } = await scrape();
    // promtool prints its findings and exits non-zero on any; execFileSync throws then, with them.
    const run = () => execFileSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8', stdio: 'pipe' });
    expect(run).not.toThrow();
  });

  it('counts throttled requests by throttle and route', async () => {
    const register = () => t.app.inject({ method: 'POST', url: '/api/students', payload: validRegistration() });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(429);
    expect((await register()).statusCode).toBe(429);
    const { samples } = await scrape();
    expect(value(samples, 'vbr_throttled_requests_total', { throttle: 'per_address', route: '/api/students' })).toBe(2);
  });

  it('reads pending payments and the outbox from the database at scrape time, and each job’s last success', async () => {
    const student = await insertStudent(t.db);
    await insertPayment(t.db, {
      studentId: student.id,
      paymentType: 'enrollment',
      status: 'pending',
      columns: { createdAt: new Date(Date.now() - 600_000) },
    });
    const { samples } = await scrape();
    expect(value(samples, 'vbr_payments_pending')).toBe(1);
    expect(value(samples, 'vbr_payments_pending_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(value(samples, 'vbr_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'vbr_outbox_failed')).toBe(0);
    expect(value(samples, 'vbr_database_up')).toBe(1);
    expect(value(samples, 'vbr_job_last_success_timestamp_seconds', { job: UNPAID_RETENTION_JOB })).toBe(0);

    await t.app.jobs.runNow(UNPAID_RETENTION_JOB);
    const after = (await scrape()).samples;
    expect(value(after, 'vbr_job_last_success_timestamp_seconds', { job: UNPAID_RETENTION_JOB })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(
      after
        .filter((s) => s.name === 'vbr_job_last_success_timestamp_seconds')
        .map((s) => s.labels.job)
        .sort(),
    ).toEqual([
      'cohort-waitlist',
      'course-emails',
      'email-outbox',
      'id-document-retention',
      'reconcile-payments',
      'reminders',
      'unpaid-retention',
    ]);
  });
});
