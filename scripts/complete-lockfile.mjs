// The npm registry reachable from our machines serves only some platforms' builds of a few
// packages (e.g. @tailwindcss/oxide-darwin-x64 is missing). `npm install` then leaves those optional
// dependencies out of package-lock.json and `npm ci` refuses the lock. This adds an entry for each
// missing platform package, marked optional with its os/cpu, so npm ci skips it on other platforms.
// Run after `npm install`: node scripts/complete-lockfile.mjs  (docs/decisions/008-lockfile.md)
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 's390x', 'ppc64', 'loong64'];

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${location}/node_modules/${name}`;
    if (packages[key] || packages[nested]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.find((o) => parts.includes(o));
    const cpu = CPU.find((c) => parts.includes(c) || (c === 'arm' && parts.includes('arm')));
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} missing optional platform entries`);
