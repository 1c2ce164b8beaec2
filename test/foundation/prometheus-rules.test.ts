// engines: once
/**
 * The Prometheus configuration and alert rules of docs/deploy.md ("Metrics"), checked with promtool
 * (Debian package `prometheus`, installed by .ci/run and named by scripts/check-tools.mjs): both are
 * valid, and promtool's rule tests run each alert on made-up series, so an alert that could never
 * fire (a wrong label, a metric renamed) fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DOC = path.resolve('docs/deploy.md');

/** The YAML block after `<!-- marker -->` in docs/deploy.md. */
function block(marker: string): string {
  const match = new RegExp(`<!-- ${marker} -->\\n\`\`\`yaml\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(DOC, 'utf8'));
  if (!match?.[1]) throw new Error(`docs/deploy.md has no yaml block after <!-- ${marker} -->`);
  return match[1];
}

function promtool(args: string[], cwd: string): string {
  try {
    return execFileSync('promtool', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { code?: string; stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('promtool is missing: apt-get install -y prometheus');
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

const RULE_TESTS = `
rule_files: [vbr-alerts.yml]
evaluation_interval: 1m
tests:
  - interval: 1m
    input_series:
      # One request a second served, half a request a second failing: a third are 5xx.
      - series: 'http_request_duration_seconds_count{job="vbr", instance="a", method="GET", route="/api/health", status_class="2xx"}'
        values: '0+60x40'
      - series: 'http_request_duration_seconds_count{job="vbr", instance="a", method="POST", route="/api/students", status_class="5xx"}'
        values: '0+30x40'
      # A payment pending from minute 3, its age growing.
      - series: 'vbr_payments_pending_oldest_age_seconds{job="vbr", instance="a"}'
        values: '0 0 0 1000+60x37'
      # An email failed for good from minute 1.
      - series: 'vbr_outbox_failed{job="vbr", instance="a"}'
        values: '0 1+0x39'
      - series: 'vbr_outbox_pending_oldest_age_seconds{job="vbr", instance="a"}'
        values: '0x40'
      # The outbox last ran at 60 s; the reconciler runs every minute (on one of two processes).
      - series: 'vbr_job_last_success_timestamp_seconds{job="vbr", instance="a", exported_job="email-outbox"}'
        values: '60x40'
      - series: 'vbr_job_last_success_timestamp_seconds{job="vbr", instance="a", exported_job="reconcile-payments"}'
        values: '0x40'
      - series: 'vbr_job_last_success_timestamp_seconds{job="vbr", instance="b", exported_job="reconcile-payments"}'
        values: '0+60x40'
      - series: 'vbr_job_last_success_timestamp_seconds{job="vbr", instance="a", exported_job="unpaid-retention"}'
        values: '0+60x40'
    alert_rule_test:
      - eval_time: 30m
        alertname: VbrHighErrorRate
        exp_alerts:
          - exp_labels: { severity: page }
            exp_annotations: { summary: 'More than 5 % of requests fail with a server error' }
      - eval_time: 30m
        alertname: VbrPaymentPendingTooLong
        exp_alerts:
          - exp_labels: { severity: page }
            exp_annotations: { summary: 'A card payment has been pending for more than 15 minutes' }
      - eval_time: 30m
        alertname: VbrOutboxStuck
        exp_alerts:
          - exp_labels: { severity: ticket }
            exp_annotations: { summary: 'Emails are not leaving the outbox (Admin → Emails)' }
      - eval_time: 30m
        alertname: VbrJobNotRunning
        exp_alerts:
          - exp_labels: { severity: ticket, exported_job: email-outbox }
            exp_annotations: { summary: 'Background job email-outbox has not run for 15 minutes' }
      - eval_time: 30m
        alertname: VbrDailyJobNotRunning
        exp_alerts: []
      # Before the thresholds and their waiting times, nothing fires.
      - eval_time: 4m
        alertname: VbrPaymentPendingTooLong
        exp_alerts: []
      - eval_time: 10m
        alertname: VbrJobNotRunning
        exp_alerts: []
`;

describe('the Prometheus configuration and alert rules of docs/deploy.md', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vbr-prometheus-'));
    writeFileSync(path.join(dir, 'vbr-alerts.yml'), block('prometheus-rules'));
    writeFileSync(path.join(dir, 'token'), 'a-metrics-token-for-the-check\n');
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      block('prometheus-config').replace('/etc/prometheus/vbr-metrics-token', path.join(dir, 'token')),
    );
    writeFileSync(path.join(dir, 'vbr-alerts.test.yml'), RULE_TESTS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are valid: promtool check config (which checks the rules it names) and check rules', () => {
    expect(promtool(['check', 'config', 'prometheus.yml'], dir)).toContain('SUCCESS');
    expect(promtool(['check', 'rules', 'vbr-alerts.yml'], dir)).toContain('SUCCESS: 5 rules found');
  });

  it('fire on made-up series, each alert when it should and not before', () => {
    expect(promtool(['test', 'rules', 'vbr-alerts.test.yml'], dir)).toContain('SUCCESS');
  });
});
