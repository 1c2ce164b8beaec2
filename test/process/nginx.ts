/**
 * nginx from Debian's package (`.ci/run` installs it) in front of app processes, running the site's
 * own nginx file, deploy/nginx-site.conf, with only this machine's values put in: the processes'
 * addresses in the upstream (each keeping the file's max_fails and fail_timeout), free loopback ports
 * instead of 80 and 443, plain HTTP (the file's ssl_ lines left out: the clients here speak HTTP), and
 * the release folders the assets are served from. Each proxied response says which process answered
 * in `X-Upstream` (several addresses when nginx passed the request on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';

export const NGINX = '/usr/sbin/nginx';
export const SITE_FILE = path.resolve('deploy/nginx-site.conf');
/** Where the site file expects the release in use and the one before it (docs/deploy.md). */
export const SITE_CURRENT = '/opt/vbr/current';
export const SITE_PREVIOUS = '/opt/vbr/previous';

const UPSTREAM_SERVER = /^( *)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;

/** Replaces every occurrence of `from` in `text`, failing when there is none (the site file changed). */
function replaceEach(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : new RegExp(from.source, from.flags).test(text);
  if (!found) throw new Error(`${SITE_FILE} no longer has ${String(from)}: update test/process/nginx.ts`);
  return typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
}

export interface SiteValues {
  upstreamUrls: string[];
  /** Instead of 443 (plain HTTP) and 80 (the redirect to HTTPS). */
  port: number;
  redirectPort: number;
  /** Release folders holding dist/client (the repository itself, or a copied release). */
  current: string;
  previous: string;
}

/** The site file with this machine's values; every other line as deployed. */
export function siteConfig(values: SiteValues): string {
  let site = readFileSync(SITE_FILE, 'utf8');
  const first = [...site.matchAll(UPSTREAM_SERVER)][0];
  if (!first) throw new Error(`${SITE_FILE} has no upstream server line`);
  const [, indent, parameters = ''] = first;
  const servers = values.upstreamUrls.map((url) => `${indent}server ${new URL(url).host}${parameters};\n`).join('');
  let placed = false;
  site = site.replace(UPSTREAM_SERVER, () => (placed ? '' : ((placed = true), servers)));
  site = replaceEach(site, /^ *listen \[::\].*\n/gm, '');
  site = replaceEach(site, /^( *)listen 443 ssl http2;/gm, `$1listen 127.0.0.1:${values.port};`);
  site = replaceEach(site, /^( *)listen 80;/gm, `$1listen 127.0.0.1:${values.redirectPort};`);
  site = replaceEach(site, /^ *ssl_.*\n/gm, '');
  site = replaceEach(site, SITE_CURRENT, values.current);
  site = replaceEach(site, SITE_PREVIOUS, values.previous);
  return site;
}

export interface RunningNginx {
  url: string;
  errorLog: () => string;
  stop: () => Promise<void>;
}

export interface NginxOptions {
  /** The release whose dist/client serves /assets/ (default: this repository's build). */
  current?: string;
  previous?: string;
}

export async function startNginx(upstreamUrls: string[], options: NginxOptions = {}): Promise<RunningNginx> {
  const port = await getPort({ host: '127.0.0.1' });
  const redirectPort = await getPort({ host: '127.0.0.1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'vbr-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must reach their temp files.
  chmodSync(dir, 0o755);
  const site = siteConfig({
    upstreamUrls,
    port,
    redirectPort,
    current: options.current ?? path.resolve('.'),
    previous: options.previous ?? path.join(dir, 'no-previous-release'),
  });
  writeFileSync(path.join(dir, 'site.conf'), site);
  // What Debian's /etc/nginx/nginx.conf provides around a site, in this folder; plus X-Upstream.
  const config = `
daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  add_header X-Upstream $upstream_addr always;
  include ${dir}/site.conf;
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
