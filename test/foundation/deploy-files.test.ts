// engines: once
/**
 * The files of deploy/ are what a server runs, so each is checked by the tool that will read it:
 * - vbr@.service: `systemd-analyze verify` (a bad setting, a missing program) and `systemd-analyze
 *   security` (its exposure stays "OK"); it stops later than the app's drain may last;
 * - vbr.env.example: with its placeholders filled in as its comments say (the "Generate:" commands
 *   run here as written), it is a configuration a server start accepts; every name is one the server
 *   reads, none is one the unit sets per process, and systemd and `node --env-file` read it alike;
 * - nginx-site.conf: `nginx -t` on the whole file, TLS included (the process tests run the rest of it);
 *   the rolling restart script waits longer than its fail_timeout; Prometheus's example in
 *   docs/deploy.md scrapes the processes its upstream names.
 * systemd-analyze comes with Debian's systemd package, nginx with nginx, openssl with openssl.
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '@server/config';
import { NGINX } from '../process/nginx';

const UNIT = readFileSync('deploy/vbr@.service', 'utf8');
const ENV_EXAMPLE = readFileSync('deploy/vbr.env.example', 'utf8');
const SITE = readFileSync('deploy/nginx-site.conf', 'utf8');
const ROLLING_RESTART = readFileSync('deploy/rolling-restart.mjs', 'utf8');

/** Every variable the server reads: TypeScript fails here when config.ts gains or loses one. */
const KNOWN_VARIABLES: Record<keyof Env, true> = {
  NODE_ENV: true,
  PORT: true,
  HOST: true,
  DATA_DIR: true,
  DATABASE_URL: true,
  PUBLIC_URL: true,
  ADMIN_USERNAME: true,
  ADMIN_PASSWORD: true,
  ADMIN_REQUIRE_TOTP: true,
  SESSION_SECRET: true,
  ID_DOCUMENT_KEY: true,
  ID_DOCUMENT_OLD_KEYS: true,
  CREDENTIAL_SIGNING_KEY: true,
  ID_DOCUMENT_RETENTION_DAYS: true,
  ID_DOCUMENT_RETENTION_CHECK_MS: true,
  UNPAID_RETENTION_DAYS: true,
  UNPAID_RETENTION_CHECK_MS: true,
  METRICS_TOKEN: true,
  SQUARE_ENVIRONMENT: true,
  SQUARE_APPLICATION_ID: true,
  SQUARE_LOCATION_ID: true,
  SQUARE_ACCESS_TOKEN: true,
  SQUARE_API_URL: true,
  SQUARE_WEBHOOK_SIGNATURE_KEY: true,
  SQUARE_WEBHOOK_URL: true,
  RECONCILE_AFTER_S: true,
  RECONCILE_INTERVAL_S: true,
  CPD_PROVIDER_NUMBER: true,
  COURSE_ACCESS_URL_FOUNDATION: true,
  COURSE_ACCESS_URL_PRO: true,
  SUPPORT_EMAIL: true,
  SUPPORT_HOURS: true,
  COMMUNITY_URL: true,
  COURSE_EMAILS_CHECK_MS: true,
  COHORT_HOLD_MINUTES: true,
  WAITLIST_HOLD_HOURS: true,
  WAITLIST_CHECK_MS: true,
  REGISTRATION_RATE_LIMIT: true,
  DB_STATEMENT_TIMEOUT_MS: true,
  DB_POOL_TIMEOUT_MS: true,
  REDIS_URL: true,
  HTTP_REQUEST_TIMEOUT_MS: true,
  HTTP_HEADERS_TIMEOUT_MS: true,
  HTTP_IDLE_TIMEOUT_MS: true,
  SHUTDOWN_TIMEOUT_MS: true,
  LOG_LEVEL: true,
  ALLOW_TEST_SETTINGS: true,
  TRUST_PROXY: true,
  SMTP_URL: true,
  MAIL_FROM: true,
  ADMIN_NOTIFY_EMAIL: true,
  STUDENT_LOGIN: true,
  STUDENT_TOKEN_TTL: true,
  EMAIL_RETRY_FIRST_MS: true,
  EMAIL_POLL_MS: true,
  REMINDER_UNPAID_HOURS: true,
  REMINDER_COURSE_DAYS: true,
  REMINDERS_CHECK_MS: true,
  PAGES_CHECK_MS: true,
};

/** Values the owner gets from Square and the mail provider, in a shape the server accepts. */
const PROVIDED: Record<string, string> = {
  SQUARE_APPLICATION_ID: 'sq0idp-example-application',
  SQUARE_LOCATION_ID: 'L0CAT10NEXAMPLE',
  SQUARE_ACCESS_TOKEN: 'EAAA-example-access-token',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'example-signature-key',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vbr-deploy-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(program: string, args: string[], cwd?: string): { code: number | null; output: string } {
  const result = spawnSync(program, args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`${program}: ${result.error.message} (is its Debian package installed?)`);
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The value of `Setting=` in the unit (the first one). */
const unitSetting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(UNIT)?.[1];

describe('deploy/vbr@.service', () => {
  /**
   * The unit as an instance, in a folder of its own. verify checks that ExecStart's program exists:
   * where this machine's node is not /usr/bin/node (CI may put a newer one first on PATH), the copy
   * names the node running these tests instead; nothing else changes.
   */
  function instance(): string {
    const dir = tempDir();
    const unit = existsSync('/usr/bin/node')
      ? UNIT
      : UNIT.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `);
    writeFileSync(path.join(dir, 'vbr@.service'), unit);
    return path.join(dir, 'vbr@3001.service');
  }

  it('passes systemd-analyze verify with nothing to say', () => {
    const { code, output } = run('systemd-analyze', ['verify', '--man=no', instance()]);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it('keeps systemd-analyze security at "OK" (exposure 3.5 or lower)', () => {
    const { code, output } = run('systemd-analyze', [
      'security',
      '--offline=yes',
      '--threshold=35',
      '--no-pager',
      instance(),
    ]);
    expect(output).toMatch(/Overall exposure level for vbr@3001\.service: [0-3]\.\d OK/);
    expect(code).toBe(0);
  });

  it('runs node dist/node/main.js from the release as a non-root user, restarts on failure, waits out the drain', () => {
    expect(unitSetting('ExecStart')).toBe('/usr/bin/node dist/node/main.js');
    expect(unitSetting('WorkingDirectory')).toBe('/opt/vbr/current');
    expect(unitSetting('User')).toBe('vbr');
    expect(unitSetting('Restart')).toBe('on-failure');
    expect(unitSetting('KillSignal')).toBe('SIGTERM');
    expect(unitSetting('EnvironmentFile')).toBe('/etc/vbr/vbr.env');
    const shutdownMs = Number(parseEnv(ENV_EXAMPLE).SHUTDOWN_TIMEOUT_MS);
    expect(Number(unitSetting('TimeoutStopSec')) * 1000).toBeGreaterThan(shutdownMs);
  });
});

describe('deploy/vbr.env.example', () => {
  const lines = ENV_EXAMPLE.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const names = lines.map((line) => line.split('=')[0]!);

  it('is NAME=value lines without quotes or escapes, which systemd and node --env-file read alike', () => {
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^"'`\\$\s](?:[^"'`\\$]*[^"'`\\$\s])?$/);
    expect(parseEnv(ENV_EXAMPLE)).toEqual(Object.fromEntries(lines.map((line) => line.split(/=(.*)/s, 2))));
  });

  it('names only variables the server reads, and none the unit sets per process', () => {
    for (const name of names) expect(Object.keys(KNOWN_VARIABLES), name).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    for (const perProcess of ['PORT', 'HOST', 'DATA_DIR', 'NODE_ENV', 'ALLOW_TEST_SETTINGS']) {
      expect(names).not.toContain(perProcess);
    }
    const unitEnvironment = unitSetting('Environment')!
      .split(' ')
      .map((pair) => pair.split('=')[0]);
    expect(unitEnvironment.sort()).toEqual(['DATA_DIR', 'HOST', 'NODE_ENV', 'PORT']);
  });

  it('filled in as its comments say, with the unit’s own settings, is a configuration a server start accepts', () => {
    const values = parseEnv(ENV_EXAMPLE);
    const generators = new Map(
      [...ENV_EXAMPLE.matchAll(/^# Generate: (.+)\n(?:#.*\n)*([A-Z0-9_]+)=change-me$/gm)].map((m) => [m[2]!, m[1]!]),
    );
    expect([...generators.keys()].sort()).toEqual([
      'CREDENTIAL_SIGNING_KEY',
      'ID_DOCUMENT_KEY',
      'METRICS_TOKEN',
      'SESSION_SECRET',
    ]);
    for (const [name, value] of Object.entries(values)) {
      if (value !== 'change-me') continue;
      const command = generators.get(name);
      values[name] = command ? execSync(command, { encoding: 'utf8', shell: '/bin/sh' }).trim() : PROVIDED[name]!;
      expect(values[name], name).toBeTruthy();
    }
    const perProcess = Object.fromEntries(
      unitSetting('Environment')!
        .replaceAll('%i', '3001')
        .split(' ')
        .map((pair) => pair.split('=') as [string, string]),
    );
    const config = loadConfig({ ...perProcess, DATA_DIR: tempDir(), ...values }, 'server');
    expect(config).toMatchObject({
      env: 'production',
      port: 3001,
      host: '127.0.0.1',
      publicUrl: 'https://enrol.example.org',
      adminRequireTotp: true,
      square: { environment: 'production' },
    });
    // The placeholders themselves are refused, so a file copied without filling them in does not start.
    expect(() => loadConfig({ ...perProcess, DATA_DIR: tempDir(), ...parseEnv(ENV_EXAMPLE) }, 'server')).toThrow(
      /SESSION_SECRET[\s\S]*ID_DOCUMENT_KEY[\s\S]*CREDENTIAL_SIGNING_KEY/,
    );
  });
});

describe('deploy/nginx-site.conf', () => {
  it('passes nginx -t as a site of Debian’s nginx, TLS included', () => {
    const dir = tempDir();
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=enrol.example.org',
        '-keyout',
        path.join(dir, 'privkey.pem'),
        '-out',
        path.join(dir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    // Only the certificate's place changes: a test cannot write to /etc/ssl.
    writeFileSync(path.join(dir, 'vbr'), SITE.replaceAll('/etc/ssl/vbr/', `${dir}/`));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include ${dir}/vbr;\n}\n`,
    );
    const { code, output } = run(NGINX, [
      '-t',
      '-p',
      dir,
      '-e',
      path.join(dir, 'error.log'),
      '-c',
      path.join(dir, 'nginx.conf'),
    ]);
    expect(output).toContain('syntax is ok');
    expect(output).toContain('test is successful');
    expect(output).not.toContain('[warn]');
    expect(code).toBe(0);
  });

  it('hands a draining process’s 503 to the next one and counts it out briefly; the rolling restart waits longer', () => {
    const servers = [...SITE.matchAll(/^ *server (127\.0\.0\.1:\d+) (.*);$/gm)];
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const [, , parameters] of servers) expect(parameters).toBe('max_fails=1 fail_timeout=2s');
    expect(SITE).toMatch(/^ *proxy_next_upstream error timeout http_503;$/m);
    expect(SITE).not.toMatch(/^ *proxy_next_upstream .*non_idempotent/m);
    const waitMs = Number(/const NGINX_FAIL_TIMEOUT_MS = (\d+);/.exec(ROLLING_RESTART)?.[1]);
    expect(waitMs).toBe(2000);
  });

  it('names the processes Prometheus scrapes in docs/deploy.md', () => {
    const upstream = [...SITE.matchAll(/^ *server (127\.0\.0\.1:\d+) /gm)].map((m) => m[1]);
    const config = /<!-- prometheus-config -->\n```yaml\n([\s\S]*?)```/.exec(
      readFileSync('docs/deploy.md', 'utf8'),
    )?.[1];
    const targets = /targets: \[([^\]]*)\]/
      .exec(config ?? '')?.[1]
      ?.split(',')
      .map((t) => t.trim().replaceAll("'", ''));
    expect(targets).toEqual(upstream);
  });
});
