// `npm run release`: a self-contained release in release/, the folder a server runs (docs/deploy.md,
// "Install on a server"). Copied anywhere, `node dist/node/main.js` run from inside it starts the
// site: no tsx, no Vite, no dev dependencies, no source.
//
//   release/dist/          the build (client, server-side renderer, compiled server and commands)
//   release/drizzle/       the migrations every start applies
//   release/deploy/        the systemd unit, example env file, nginx site and rolling restart script
//   package.json           the project's, with scripts that run the compiled files (npm start, npm run admin, …)
//   package-lock.json and node_modules (production dependencies only, `npm ci --omit=dev`)
//   release/REVISION       the git commit it was built from
//
// `--reuse-build` skips `npm run build` and packs the dist/ already there (the process tests built it
// moments before: test/setup/process-server.ts); an operator always runs plain `npm run release`.
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'release');
const reuseBuild = process.argv.includes('--reuse-build');

/** The commands the release's package.json runs: the compiled ones (src/ is not in a release). */
const RELEASE_SCRIPTS = {
  start: 'node dist/node/main.js',
  admin: 'node dist/node/cli/admin.js',
  backup: 'node dist/node/cli/backup.js backup',
  restore: 'node dist/node/cli/backup.js restore',
  'check:ledger': 'node dist/node/cli/check-ledger.js',
};

if (!reuseBuild) {
  // A production build whatever the caller's NODE_ENV (under NODE_ENV=test React's JSX runtime
  // resolves to its development build).
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
for (const built of ['dist/node/main.js', 'dist/client/index.html', 'dist/server/entry-server.js']) {
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}
for (const [script, command] of Object.entries(RELEASE_SCRIPTS)) {
  const file = command.split(' ')[1];
  if (!existsSync(path.join(root, file))) throw new Error(`${file} (npm run ${script} in the release) was not built`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out);
for (const folder of ['dist', 'drizzle', 'deploy'])
  cpSync(path.join(root, folder), path.join(out, folder), { recursive: true });
cpSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ ...pkg, scripts: RELEASE_SCRIPTS }, null, 2)}\n`);
writeFileSync(path.join(out, 'REVISION'), `${revision()}\n`);

// The dependencies the lockfile pins, production ones only, with their install scripts (native
// builds such as argon2's are chosen there); from npm's cache when it has them.
execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts=false', '--prefer-offline', '--no-audit', '--no-fund'], {
  cwd: out,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
console.log(
  `release ${revision()} → ${path.relative(process.cwd(), out) || '.'}/ (run it with: node dist/node/main.js)`,
);

/** The commit, with `-modified` when the working tree differs from it; `unknown` outside git. */
function revision() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return changed ? `${commit}-modified` : commit;
  } catch {
    return 'unknown';
  }
}
