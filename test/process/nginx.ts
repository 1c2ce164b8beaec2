/**
 * nginx from Debian's package (`.ci/run` installs it) as a round-robin load balancer on a free
 * loopback port, in front of app processes, with the site's own proxy settings
 * (docs/nginx/vbr-proxy.conf). Each response says which process answered in `X-Upstream`
 * (several addresses when nginx passed the request on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';

export const NGINX = '/usr/sbin/nginx';
const PROXY_SETTINGS = path.resolve('docs/nginx/vbr-proxy.conf');

export interface RunningNginx {
  url: string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

export async function startNginx(upstreamUrls: string[]): Promise<RunningNginx> {
  const port = await getPort({ host: '127.0.0.1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'vbr-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must reach their temp files.
  chmodSync(dir, 0o755);
  const servers = upstreamUrls.map((url) => `    server ${new URL(url).host};`).join('\n');
  const config = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream vbr_app {
    zone vbr_app 64k;
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      add_header X-Upstream $upstream_addr always;
      include ${PROXY_SETTINGS};
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}\n${errorLog()}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() - started > 10_000) throw new Error(`nginx did not start:\n${output}\n${errorLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    errorLog,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
