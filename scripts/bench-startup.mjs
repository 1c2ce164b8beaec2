// Start-up time of the server on an existing data folder, compiled (`npm start`: node dist/node/main.js)
// against its sources run by tsx (`npm run dev`, and `npm start` before the server was compiled).
//
//   node scripts/bench-startup.mjs [--runs 5]
//
// A first start migrates a new DATA_DIR (embedded PGlite); then each run starts the server on it,
// alternating the two ways, and measures the time until /api/health/ready answers 200 and the CPU
// time the process used until then (from /proc, Linux), which depends much less on what else the
// machine is doing. Needs `npm run build` (dist/node and dist/client).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const ways = {
  compiled: ['dist/node/main.js'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-startup-'));
let port = 39_400;

/** CPU time (user + system) of a process, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function start(way) {
  port += 1;
  const started = performance.now();
  const child = spawn(process.execPath, ways[way], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'startup-admin',
      ADMIN_PASSWORD: 'startup-admin-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const result = { ms: performance.now() - started, cpuMs: cpuMs(child.pid) };
  child.kill('SIGTERM');
  await exited;
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const first = await start('compiled');
  console.log(`first start (initdb and migrations, compiled): ${(first.ms / 1000).toFixed(2)} s`);
  const results = { compiled: [], tsx: [] };
  for (let run = 0; run < runs; run += 1) for (const way of Object.keys(ways)) results[way].push(await start(way));
  console.log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs; median of ${runs} starts each`);
  for (const [way, samples] of Object.entries(results)) {
    const ms = median(samples.map((s) => s.ms));
    const cpu = median(samples.map((s) => s.cpuMs));
    console.log(`${way.padEnd(9)} to healthy ${(ms / 1000).toFixed(2)} s, CPU ${(cpu / 1000).toFixed(2)} s`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
