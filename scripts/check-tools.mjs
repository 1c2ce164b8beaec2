// `npm test` starts here: the Debian packages its tests use, and a clear message naming those that
// are missing (a fresh machine has none of them). .ci/run installs them.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** [package, program that must be on the machine, what needs it] */
const TOOLS = [
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell', 'the browser tests'],
  ['nginx', '/usr/sbin/nginx', 'the several-processes test'],
  ['redis-server', 'redis-server', 'the several-processes test'],
  ['wrk', 'wrk', 'the benchmark commands’ smoke test'],
  ['poppler-utils', 'pdffonts', 'the certificate PDF test (pdffonts, pdftotext)'],
  ['prometheus', 'promtool', 'the alert rules test (promtool checks and tests docs/deploy.md’s rules)'],
  ['openssl', 'openssl', 'the config test (runs the README’s command that generates CREDENTIAL_SIGNING_KEY)'],
];

function found(program) {
  const candidates = program.startsWith('/')
    ? [program]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, program));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const missing = TOOLS.filter(([, program]) => !found(program));
if (missing.length > 0) {
  for (const [pkg, program, purpose] of missing)
    console.error(`missing: ${program} (Debian package ${pkg}), for ${purpose}`);
  console.error(`\nInstall them with: apt-get install -y ${missing.map(([pkg]) => pkg).join(' ')}`);
  process.exit(1);
}
