// `npm start` builds the client when dist/client is missing or older than the client sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const built = 'dist/client/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime('src/client'), newestMtime('src/shared'), statSync('vite.config.ts').mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the client…');
  execSync('npm run build', { stdio: 'inherit' });
}
