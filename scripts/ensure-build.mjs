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

if (olderThan('dist/client/index.html', clientSources)) {
  console.log('Building the client and the server…');
  // A production build whoever calls it (the process tests run under NODE_ENV=test, with which
  // React's JSX runtime resolves to its development build and the prerender fails).
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
} else if (olderThan('dist/node/main.js', serverSources)) {
  console.log('Building the server…');
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
