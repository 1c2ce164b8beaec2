/**
 * Operators follow the README literally: its "Running on PostgreSQL" block is run here as written,
 * with a fresh database name in place of `vbr`, a free port and a temporary DATA_DIR.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

/** The first ```bash block after the heading. */
function readmeBlock(heading: string): string {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf(`\n${heading}\n`));
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error(`no bash block under ${heading}`);
  return block;
}

describe("the README's commands", () => {
  it('"Running on PostgreSQL" creates the database and starts the site on it', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const name = `vbr_readme_${Date.now().toString(36)}`;
    const block = readmeBlock('### Running on PostgreSQL').replaceAll(/\bvbr\b/g, name);
    expect(block).toContain(`createdb -h 127.0.0.1 -U postgres ${name}`);
    const port = await getPort({ host: '127.0.0.1' });
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', block], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbr-readme-')),
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    onTestFinished(async () => {
      try {
        process.kill(-shell.pid!, 'SIGKILL');
      } catch {
        // stopped already
      }
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    let output = '';
    shell.stdout.on('data', (c) => (output += c));
    shell.stderr.on('data', (c) => (output += c));
    const exited = once(shell, 'exit');
    await vi.waitUntil(
      async () => {
        if (shell.exitCode !== null) throw new Error(`the block stopped:\n${output}`);
        return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (res) => res.status === 200,
          () => false,
        );
      },
      { timeout: 60_000, interval: 200 },
    );
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    process.kill(-shell.pid!, 'SIGTERM');
    await exited;
    expect(output).toContain('shutting down');
  });
});
