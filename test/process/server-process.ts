/**
 * Starts the real server, compiled as `npm start` runs it (dist/node/main.js, built by the globalSetup
 * test/setup/process-server.ts), as a child process on a free loopback port; runs its commands
 * (dist/node/cli) and the project's scripts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, inject } from 'vitest';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';
import { createPostgresDatabase } from '../helpers/database';

/** A start on PostgreSQL requires CREDENTIAL_SIGNING_KEY: the processes of a test file share this one. */
const CREDENTIAL_SIGNING_KEY = generateCredentialSigningKey();
const withSigningKey = (env: Record<string, string>) =>
  env.DATABASE_URL && !env.CREDENTIAL_SIGNING_KEY ? { ...env, CREDENTIAL_SIGNING_KEY } : env;

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** The process said it listens (src/server/main.ts, over the IPC channel): its port is its own. */
  listening: () => boolean;
}

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Every process started here, each in a process group of its own: those still running when the test
 * file ends (a test that timed out) are killed with the processes they started, which would otherwise
 * outlive the run.
 */
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function run(file: string, args: string[], env: Record<string, string>, input?: string) {
  return new Promise<CommandResult>((resolve) => {
    const child = spawn(file, args, {
      env: { ...process.env, ...withSigningKey(env) },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    started.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(input ?? '');
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** One of the server's commands (src/server/cli/<name>.ts), compiled, as `npm run <name>` runs it. */
export function runCommand(
  name: 'admin' | 'backup' | 'check-ledger',
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<CommandResult> {
  return run(process.execPath, [`dist/node/cli/${name}.js`, ...args], env, input);
}

/** A script of scripts/ run from its source, as its npm command runs it. */
export function runScript(file: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return run('node_modules/.bin/tsx', [file, ...args], env);
}

/**
 * A new DATA_DIR holding a copy of the database the globalSetup migrated: the server starts on it
 * without PGlite's initdb and the migrations. Empty outside the process project.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  copyMigratedDatabase(dir);
  return dir;
}

/** Puts a copy of the migrated database into `dataDir` (created if missing). */
export function copyMigratedDatabase(dataDir: string): void {
  const template = inject('processPgliteTemplate');
  if (template) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
}

/** A new database on the TEST_DATABASE_URL server, a copy of the template the globalSetup migrated. */
export function migratedPostgresDatabase(): ReturnType<typeof createPostgresDatabase> {
  return createPostgresDatabase({ template: inject('processPostgresTemplate') });
}

export async function startServer(env: Record<string, string>, waitForHealth = true): Promise<RunningServer> {
  const port = env.PORT ?? String(await getPort({ host: '127.0.0.1' }));
  const server = spawnServer(
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The suite's PostgreSQL processes run with offline payments, e-mails in files and http, which
      // a production start refuses unless asked (config.ts `refuseTestSettings`).
      ALLOW_TEST_SETTINGS: '1',
      ...withSigningKey(env),
      PORT: port,
    },
    port,
  );
  // A first embedded start (PGlite initdb and every migration) takes 15 s on a busy 2-core machine, more
  // while other test files run beside it.
  if (waitForHealth) await waitForHealthy(server, 110_000);
  return server;
}

/**
 * `node dist/node/main.js` (from `cwd`, the repository by default) with exactly `env`, on `port`: the
 * server is the child itself, so signals go straight to it, not to a wrapper; its own process group.
 */
export function spawnServer(env: NodeJS.ProcessEnv, port: string, cwd?: string): RunningServer {
  const child = spawn(process.execPath, ['dist/node/main.js'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  let listening = false;
  child.on('message', (message) => {
    if ((message as { ready?: unknown }).ready === true) listening = true;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    listening: () => listening,
  };
}

export async function waitForHealthy(server: RunningServer, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    // Until this server says it listens, an answer on its port would come from another process that
    // got the same free port (a parallel test's server).
    if (!server.listening()) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}
