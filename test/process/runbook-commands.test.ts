/**
 * Operators follow the runbooks literally, so their shell blocks marked `<!-- runbook: name -->` are run
 * here as written, on a database made by the install runbook's commands (a role that owns its
 * database). Only what a test cannot use is put in: the folders (`/var/backups/vbr`, `/opt/vbr/current`,
 * `/etc/vbr/vbr.env`) under a temporary one or the repository's build, the PostgreSQL socket folder by
 * the test server's address, the names `vbr` and `vbr_drill` by ones of this run; `sudo -u <user>`
 * runs the command as this user connecting to PostgreSQL as <user>, and `systemctl` only writes down
 * what it was asked (no site process runs here).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';
import { openDatabase } from '@server/db/client';
import { insertPaidStudent, insertStudent } from '../factories';
import { runBlock, runbookBlock } from './runbook-blocks';

const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const PG_PORT = PG.port || '5432';

describe('the backup and restore runbook', () => {
  const role = `vbr_runbook_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const home = mkdtempSync(path.join(tmpdir(), 'runbook-commands-'));
  const backups = path.join(home, 'backups');
  const envFile = path.join(home, 'site.env');
  const systemctlLog = path.join(home, 'systemctl.log');
  const liveUrl = `postgres://${role}@${PG.hostname}:${PG_PORT}/${role}`;
  const pgTool = (tool: string, args: string[]) =>
    execFileSync(tool, ['-h', PG.hostname, '-p', PG_PORT, '-U', PG.username || 'postgres', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  /** Runs a block of the backup runbook as written, with this machine's folders and names. */
  const run = (name: string) =>
    runBlock(runbookBlock('backup-and-restore.md', name), {
      replace: [
        ['/var/backups/vbr', backups],
        ['/opt/vbr/current', path.resolve('.')],
        ['/etc/vbr/vbr.env', envFile],
        ['/var/run/postgresql', PG.hostname],
        [/\bvbr_drill\b/g, `${role}_drill`],
        [/\bvbr\b(?!@\d)/g, role],
      ],
      prelude: [`systemctl() { echo "systemctl $*" >> '${systemctlLog}'; }`],
      env: {
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
        HOME: home,
        PGHOST: PG.hostname,
        PGPORT: PG_PORT,
      },
    });

  async function studentCount(): Promise<number> {
    const client = new pg.Client({ connectionString: liveUrl });
    await client.connect();
    try {
      return (await client.query('select count(*)::int as n from students')).rows[0].n as number;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    // The install runbook's step 4, then the site's first start (its migrations) and a paying student.
    pgTool('createuser', [role]);
    pgTool('createdb', ['-O', role, role]);
    const database = await openDatabase({ databaseUrl: liveUrl });
    try {
      await insertPaidStudent(database.db);
    } finally {
      await database.close();
    }
    mkdirSync(backups, { mode: 0o700 });
    writeFileSync(
      envFile,
      [
        `DATABASE_URL=postgresql://${role}@/${role}?host=${PG.hostname}`,
        'PUBLIC_URL=https://enrol.example.org',
        `SESSION_SECRET=${randomBytes(32).toString('hex')}`,
        `ID_DOCUMENT_KEY=${randomBytes(32).toString('base64')}`,
        `CREDENTIAL_SIGNING_KEY=${generateCredentialSigningKey()}`,
        '',
      ].join('\n'),
    );
  }, 60_000);

  afterAll(() => {
    try {
      pgTool('dropdb', ['--if-exists', `${role}_drill`]);
      pgTool('dropdb', ['--if-exists', role]);
      pgTool('dropuser', ['--if-exists', role]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('takes a backup only its owner can read, restores it in a drill whose ledger is OK, then restores the live database', async () => {
    const backup = await run('backup-now');
    const files = readdirSync(backups);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^${role}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.dump$`));
    expect(statSync(path.join(backups, files[0]!)).mode & 0o777).toBe(0o600);
    expect(backup).toContain(`-rw------- `);

    const drill = await run('drill');
    expect(drill).toContain(files[0]);
    expect(drill).toContain('Ledger OK: every student agrees with their payments.');
    expect(drill.match(/^ +1$/gm)).toHaveLength(2);
    expect(drill).not.toMatch(/pg_restore: (error|warning)/);
    const leftOver = pgTool('psql', [
      '-At',
      '-d',
      'postgres',
      '-c',
      `select count(*) from pg_database where datname = '${role}_drill'`,
    ]);
    expect(leftOver.toString().trim()).toBe('0');

    // A student registered after the backup is gone once the backup is restored.
    const database = await openDatabase({ databaseUrl: liveUrl, migrate: false });
    try {
      await insertStudent(database.db);
    } finally {
      await database.close();
    }
    expect(await studentCount()).toBe(2);
    const restore = await run('restore-live');
    expect(restore).not.toMatch(/pg_restore: (error|warning)/);
    expect(readFileSync(systemctlLog, 'utf8')).toBe(
      'systemctl stop vbr@3001 vbr@3002\nsystemctl start vbr@3001 vbr@3002\n',
    );
    expect(await studentCount()).toBe(1);
  });
});

describe('the upgrade runbook', () => {
  it('"See what changes" lists the migrations the new release brings, and no change of settings or unit', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'runbook-upgrade-'));
    try {
      // The release in use lacks the newest migration; the new one is this repository's.
      const migrations = readdirSync('drizzle')
        .filter((file) => file.endsWith('.sql'))
        .sort();
      const newest = migrations.at(-1)!;
      const current = path.join(home, 'opt/releases/old');
      mkdirSync(path.join(current, 'deploy'), { recursive: true });
      cpSync('drizzle', path.join(current, 'drizzle'), { recursive: true });
      rmSync(path.join(current, 'drizzle', newest));
      cpSync('deploy/vbr.env.example', path.join(current, 'deploy/vbr.env.example'));
      symlinkSync(current, path.join(home, 'opt/current'));
      symlinkSync(path.resolve('.'), path.join(home, 'opt/releases/new-revision'));
      mkdirSync(path.join(home, 'systemd'));
      cpSync('deploy/vbr@.service', path.join(home, 'systemd/vbr@.service'));
      mkdirSync(path.join(home, 'vbr-src/release'), { recursive: true });
      writeFileSync(path.join(home, 'vbr-src/release/REVISION'), 'new-revision\n');

      const output = await runBlock(runbookBlock('upgrade-and-rollback.md', 'what-changes'), {
        replace: [
          ['/opt/vbr', path.join(home, 'opt')],
          ['/etc/systemd/system', path.join(home, 'systemd')],
        ],
        env: { PATH: process.env.PATH!, HOME: home },
        errexit: false,
      });
      expect(output).toBe(`${newest}\n`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
