/**
 * Where files that ship beside the code (not bundled into it) are found. The code runs from
 * src/server (tsx: `npm run dev`, tests, scripts) or compiled into dist/node and dist/node/cli
 * (scripts/build-server.mjs: `npm start`), so a path relative to a module's own directory differs
 * between the two; the project root, the nearest directory above with a package.json, does not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function nearestPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${from} or above`);
  }
}

export const projectRoot = nearestPackageRoot(import.meta.dirname);

/** The SQL migrations drizzle-kit generates (`npm run db:generate`). */
export const migrationsFolder = path.join(projectRoot, 'drizzle');
