/** Starts the real server (`tsx src/server/main.ts`) as a child process on a free loopback port. */
import { spawn, type ChildProcess } from 'node:child_process';
import getPort from 'get-port';

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const TSX = 'node_modules/.bin/tsx';

export function runCommand(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(input ?? '');
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function startServer(env: Record<string, string>, waitForHealth = true): Promise<RunningServer> {
  const port = env.PORT ?? String(await getPort({ host: '127.0.0.1' }));
  // `exec` semantics: signals go straight to the server, not to a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
  // A first embedded start (PGlite initdb and every migration) takes 15 s on a busy 2-core machine, more
  // while other test files run beside it.
  if (waitForHealth) await waitForHealthy(server, 110_000);
  return server;
}

export async function waitForHealthy(server: RunningServer, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health/ready`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill(signal);
  return server.exited;
}
