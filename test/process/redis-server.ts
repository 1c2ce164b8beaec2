/** A private `redis-server` on a free loopback port, nothing saved, that a test can kill and start again. */
import { spawn, type ChildProcess } from 'node:child_process';
import getPort from 'get-port';

export interface PrivateRedis {
  url: string;
  /** kill -9: the app processes lose their connection. */
  kill: () => Promise<void>;
  /** Starts it again on the same port, empty. */
  restart: () => Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await getPort({ host: '127.0.0.1' });
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = started;
      let output = '';
      started.stdout!.on('data', (c: Buffer) => {
        output += c;
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.on('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.on('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, restart: start };
}
