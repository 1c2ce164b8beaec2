/**
 * The app server the browser tests run against. Each worker starts its own (e2e/fixtures.ts) on a
 * copy of a data directory that Playwright's global setup (this file's default export) prepares once:
 * a migrated embedded database with the admin. A start on such a copy takes about half the CPU of a
 * start on an empty directory (docs/perf/test-suite.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';

/** How the app server is started (from the repository root): the compiled server, as `npm start` runs it (`npm run build` first). */
export const SERVER_COMMAND = ['node', 'dist/node/main.js'] as const;

export const admin = {
  username: 'e2e-admin',
  password: 'e2e-admin-password-123',
};

/** The Square webhook subscription every app server has (the URL Square would call; events are sent to the server's own). */
export const E2E_SQUARE_WEBHOOK = {
  signatureKey: 'e2e-square-signature-key',
  notificationUrl: 'https://school.example/api/square/webhook',
};

/** The settings every app server gets; `serverEnv` adds to them. */
const baseServerEnv = {
  HOST: '127.0.0.1',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'warn',
  EMAIL_POLL_MS: '200',
  // The browser tests register many students from one address.
  REGISTRATION_RATE_LIMIT: '100000',
  SQUARE_ENVIRONMENT: 'offline',
  COURSE_ACCESS_URL_FOUNDATION: 'https://example.com/course/foundation',
  COURSE_ACCESS_URL_PRO: 'https://example.com/course/pro',
  CPD_PROVIDER_NUMBER: 'CPD-E2E-12345',
  // Square's webhook subscription: journeys send signed events as Square would (admin-payments.spec.ts).
  SQUARE_WEBHOOK_SIGNATURE_KEY: E2E_SQUARE_WEBHOOK.signatureKey,
  SQUARE_WEBHOOK_URL: E2E_SQUARE_WEBHOOK.notificationUrl,
};

// Generous: a start on a copy of a migrated folder is seconds, but a loaded machine has taken minutes.
export const SERVER_START_TIMEOUT_MS = 120_000;

/**
 * Resolves once the process has said it listens (src/server/main.ts, over the IPC channel) and GET
 * /api/health answers 200; throws if the process exits first or it takes too long. Without the first,
 * a server of another worker that got the same free port could answer for it.
 */
async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  let listening = false;
  child.on('message', (message) => {
    if ((message as { ready?: unknown }).ready === true) listening = true;
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app server exited before it was ready (${child.exitCode ?? child.signalCode})`);
    }
    const ok =
      listening &&
      (await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      ));
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the app server did not answer ${url}/api/health within ${SERVER_START_TIMEOUT_MS} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the app server on a free port with `dataDir` (a copy of the prepared one when there is one)
 * and resolves once it answers. `env` adds to the settings every server gets.
 */
export async function startAppServer(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (template) cpSync(template, dataDir, { recursive: true });
  const port = await getPort({ host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const [command, ...args] = SERVER_COMMAND;
  const child = spawn(command, args, {
    env: { ...process.env, ...baseServerEnv, ...env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir },
    // Its warnings and errors show in the test output.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    await waitUntilHealthy(url, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, stop: () => stop(child) };
}

/** Playwright global setup: the data directory every worker's server starts from. */
export default async function prepareDataDir(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vbr-e2e-template-'));
  const server = await startAppServer(dir, {});
  await server.stop();
  process.env.E2E_TEMPLATE_DATA_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
