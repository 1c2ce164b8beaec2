// `npm start` builds what is missing or older than its sources: everything (`npm run build`) when the
// client is, only the server (scripts/build-server.mjs, a second or so) when only the server is.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const olderThan = (built, sources) => !existsSync(built) || statSync(built).mtimeMs < sources;
const shared = newestMtime('src/shared');
const clientSources = Math.max(newestMtime('src/client'), shared, statSync('vite.config.ts').mtimeMs);
const serverSources = Math.max(
  newestMtime('src/server'),
  shared,
  statSync('scripts/build-server.mjs').mtimeMs,
  statSync('tsconfig.base.json').mtimeMs,
);

/** A server installed with `npm ci --omit=dev` has no build tools: say where to build instead. */
function requireBuildTools() {
  if (existsSync('node_modules/.bin/vite')) return;
  console.error(
    'The build needs the development packages (vite is missing: was this installed with --omit=dev?).\n' +
      'Build a release where they are installed (npm ci && npm run release), copy release/ to the server\n' +
      'and start it there with: node dist/node/main.js (docs/deploy.md).',
  );
  process.exit(1);
}

if (olderThan('dist/client/index.html', clientSources)) {
  requireBuildTools();
  console.log('Building the client and the server…');
  // A production build whoever calls it (the process tests run under NODE_ENV=test, with which
  // React's JSX runtime resolves to its development build and the prerender fails).
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
} else if (olderThan('dist/node/main.js', serverSources)) {
  console.log('Building the server…');
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
