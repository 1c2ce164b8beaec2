/**
 * `npm run release` (scripts/release.mjs) writes a folder that runs on its own: copied to an empty
 * directory, `node dist/node/main.js` serves the site from there, with none of the repository (no
 * src/, no tsx, no Vite, no dev dependencies) and a bare environment. It runs as a server would
 * (docs/deploy.md, "Install on a server"): on a PostgreSQL database created by the runbook's commands
 * (a role that owns its database, not a superuser), migrated at start from the release's drizzle/, with
 * production settings. ALLOW_TEST_SETTINGS=1 only because this machine has no SMTP server and no Square
 * account: payments stay offline and e-mails go to DATA_DIR/mail. The first admin is made with the
 * runbook's command, run from the copy.
 *
 * The release is made from the build the process project's globalSetup has just checked
 * (`--reuse-build`, test/setup/process-server.ts): `npm run release` builds first, which every other
 * process test already covers.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';
import { spawnServer, stopServer, waitForHealthy, type RunningServer } from './server-process';

const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
/** The runbook's PostgreSQL commands, as the postgres superuser, against the test server. */
const pgTool = (tool: string, args: string[]) =>
  execFileSync(tool, ['-h', PG.hostname, '-p', PG.port || '5432', '-U', PG.username || 'postgres', ...args], {
    encoding: 'utf8',
  });

describe('the release folder, copied elsewhere', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const role = `vbr_release_${suffix}`;
  const database = role;
  const home = mkdtempSync(path.join(tmpdir(), 'vbr-release-'));
  const releaseDir = path.join(home, 'vbr');
  const dataDir = path.join(home, 'data');
  const envFile = path.join(home, 'vbr.env');
  let server: RunningServer | undefined;
  let releaseOutput = '';
  let env: Record<string, string> = {};

  beforeAll(() => {
    releaseOutput = execFileSync(process.execPath, ['scripts/release.mjs', '--reuse-build'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    mkdirSync(releaseDir);
    execFileSync('cp', ['-a', 'release/.', releaseDir], { stdio: 'ignore' });
    pgTool('createuser', [role]);
    pgTool('createdb', ['-O', role, database]);
    const port = PG.port || '5432';
    env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://${role}@${PG.hostname}:${port}/${database}`,
      PUBLIC_URL: 'https://enrol.example.org',
      TRUST_PROXY: 'loopback',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
      LOG_LEVEL: 'warn',
      ALLOW_TEST_SETTINGS: '1',
    };
    // The site's env file as the runbook has it (deploy/vbr.env.example): nothing set per process.
    const perProcess = new Set(['NODE_ENV', 'HOST', 'DATA_DIR', 'ALLOW_TEST_SETTINGS']);
    const shared = Object.entries(env).filter(([name]) => !perProcess.has(name));
    writeFileSync(envFile, shared.map(([name, value]) => `${name}=${value}\n`).join(''));
    // Installing the production dependencies took 167 s on a slower 2-core machine beside the browser tests.
  }, 300_000);

  // Removing the copy's production node_modules took over a minute on a slower machine beside the browser tests.
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    try {
      pgTool('dropdb', ['--if-exists', database]);
      pgTool('dropuser', ['--if-exists', role]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 300_000);

  it('holds the build, the migrations, the lockfile and production dependencies only', () => {
    expect(releaseOutput).toContain('run it with: node dist/node/main.js');
    for (const file of [
      'dist/node/main.js',
      'dist/client/index.html',
      'dist/server/entry-server.js',
      'package-lock.json',
    ]) {
      expect(existsSync(path.join(releaseDir, file)), file).toBe(true);
    }
    expect(readdirSync(path.join(releaseDir, 'drizzle')).filter((f) => f.endsWith('.sql')).length).toBeGreaterThan(0);
    for (const file of ['vbr@.service', 'vbr.env.example', 'nginx-site.conf', 'rolling-restart.mjs']) {
      expect(existsSync(path.join(releaseDir, 'deploy', file)), file).toBe(true);
    }
    expect(existsSync(path.join(releaseDir, 'src'))).toBe(false);
    for (const devOnly of ['vite', 'vitest', 'typescript', '@playwright/test']) {
      expect(existsSync(path.join(releaseDir, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    const pkg = JSON.parse(readFileSync(path.join(releaseDir, 'package.json'), 'utf8')) as { scripts: object };
    expect(pkg.scripts).toMatchObject({ start: 'node dist/node/main.js', admin: 'node dist/node/cli/admin.js' });
    expect(readFileSync(path.join(releaseDir, 'REVISION'), 'utf8')).toMatch(/^([0-9a-f]{12}(-modified)?|unknown)\n$/);
  });

  it('starts from the copy on a database its role owns, serves the site, takes the first admin, stops on SIGTERM', async () => {
    const port = String(await getPort({ host: '127.0.0.1' }));
    // A bare environment: this node and the system's programs on PATH, nothing from the repository.
    server = spawnServer(
      { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, ...env, PORT: port },
      port,
      releaseDir,
    );
    await waitForHealthy(server, 60_000);

    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const landing = await fetch(`${server.url}/`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${server.url}${asset}`)).status).toBe(200);
    // Made per request by the server-side renderer (dist/server), with React from the release's node_modules.
    const verify = await fetch(`${server.url}/verify/VBR-0000-0000`);
    expect(verify.status).toBeLessThan(500);
    expect(await verify.text()).toContain('<html');

    // The runbook's first admin (docs/runbooks/first-admin.md): the account the first start made, its
    // password in a file only the site's user reads; then one made from the command line in the
    // release folder with the site's env file.
    const passwordFile = path.join(dataDir, 'first-admin-password');
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const first = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: readFileSync(passwordFile, 'utf8').trim() }),
    });
    expect(first.status).toBe(200);
    const created = execFileSync(
      process.execPath,
      [`--env-file=${envFile}`, 'dist/node/cli/admin.js', 'create', 'owner'],
      { cwd: releaseDir, encoding: 'utf8', env: { PATH: process.env.PATH! } },
    );
    expect(created).toContain('Created admin "owner" (owner).');
    const password = /^Password: (\S+)$/m.exec(created)?.[1];
    expect(password).toBeDefined();
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password }),
    });
    expect(login.status).toBe(200);

    expect(await stopServer(server)).toBe(0);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  });
});
