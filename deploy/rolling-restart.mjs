#!/usr/bin/env node
// Restarts the site's processes one after another, so that nginx always has one to send requests to
// and no request fails (docs/deploy.md, "Upgrade"; test/process/rolling-restart.test.ts):
//
//   sudo node /opt/vbr/current/deploy/rolling-restart.mjs 3001 3002
//
// For each port in turn: `systemctl restart vbr@<port>` (SIGTERM: the process drains and exits, then
// the new one starts from /opt/vbr/current), wait until http://127.0.0.1:<port>/api/health/ready
// answers 200, then wait for nginx to send to it again (4 s) before the next one. It refuses to
// start unless every process is ready, and stops at the first one that does not come back (the others
// keep running): fix that one with `systemctl status vbr@<port>` and `journalctl -u vbr@<port>`.
import { spawnSync } from 'node:child_process';

/** A first start on a new release migrates the database first. */
const READY_TIMEOUT_MS = 120_000;
/**
 * deploy/nginx-site.conf marks a process failed for fail_timeout=2s after its draining 503 or its
 * closed port: after that nginx tries it again and, as it answers, counts it back in. Stopping a
 * process sooner (the next one, or the first one again when this script is run twice in a row) could
 * leave nginx with no process it believes in: 502 for everyone. nginx counts in whole seconds, so a
 * failure may keep a process out for up to a second more than fail_timeout; one more second lets a
 * request reach it and count it back in.
 */
const NGINX_FAIL_TIMEOUT_MS = 2000;
const SETTLE_MS = NGINX_FAIL_TIMEOUT_MS + 2000;

const ports = process.argv.slice(2);
if (ports.length === 0 || !ports.every((port) => /^\d+$/.test(port))) {
  console.error('Usage: node deploy/rolling-restart.mjs <port> <port> …   (the ports of the vbr@<port> processes)');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

async function waitUntilReady(port) {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (await ready(port)) return Date.now() - started;
    await sleep(250);
  }
  return undefined;
}

const notReady = [];
for (const port of ports) if (!(await ready(port))) notReady.push(port);
if (notReady.length > 0) {
  console.error(
    `Not ready now: ${notReady.map((port) => `vbr@${port}`).join(', ')}. A rolling restart needs every process ready;` +
      ' look at `systemctl status vbr@<port>` first, or restart that one alone with `systemctl restart vbr@<port>`.',
  );
  process.exit(1);
}

for (const [index, port] of ports.entries()) {
  const unit = `vbr@${port}`;
  console.log(`${unit}: restarting (${index + 1} of ${ports.length})`);
  const restart = spawnSync('systemctl', ['restart', unit], { stdio: 'inherit' });
  if (restart.status !== 0) {
    console.error(
      `${unit}: systemctl restart failed (${restart.error?.message ?? `exit ${restart.status}`}); stopped here`,
    );
    process.exit(1);
  }
  const tookMs = await waitUntilReady(port);
  if (tookMs === undefined) {
    console.error(`${unit}: not ready after ${READY_TIMEOUT_MS / 1000} s; stopped here (journalctl -u ${unit})`);
    process.exit(1);
  }
  console.log(`${unit}: ready after ${(tookMs / 1000).toFixed(1)} s`);
  // After the last one too: when this script ends, nginx sends to every process again.
  await sleep(SETTLE_MS);
}
console.log(`Restarted ${ports.length} processes.`);
