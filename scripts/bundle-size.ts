/**
 * `npm run size`: the gzipped JavaScript the landing page's first load ships — src/client/main.tsx
 * (the page's module script), the landing page's entry that it loads after the first paint, and
 * every chunk those import statically, React included — against the 90 KB budget (1 KB = 1000 bytes,
 * as Vite reports). Read from the build's manifest: run `npm run build` first. The chunks fetched
 * only after the page has loaded (the recent sign-up widget) are listed separately, not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 90_000;
/** The HTML's module script (main.tsx, named after the HTML in Vite's manifest) and the entry it loads on `/`. */
const MAIN = 'index.html';
const LANDING_ENTRY = 'landing-entry.tsx';
/** The other pages' entries (src/client/main.tsx), which the landing page never loads. */
const OTHER_ENTRIES = new Set(['router-entry.tsx', 'verify-entry.tsx', 'support-entry.tsx']);
const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error(`No ${manifestFile}: run npm run build first.`);
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

const gzipped = (file: string) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The files of `key`'s chunk and of every chunk it imports statically, added to `into` (unless in `skip`). */
function collect(key: string, into: Set<string>, skip = new Set<string>()): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file) || skip.has(chunk.file)) return;
  into.add(chunk.file);
  chunk.imports?.forEach((imported) => collect(imported, into, skip));
}

const firstLoad = new Set<string>();
collect(MAIN, firstLoad);
collect(LANDING_ENTRY, firstLoad);

function report(title: string, files: Iterable<string>): number {
  const rows = [...files].map((file) => ({ file, bytes: gzipped(file) })).sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(title);
  for (const row of rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.file}`);
  return total;
}

const total = report('JavaScript loaded by / on first load (gzip -9):', firstLoad);
console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET_BYTES)})`);

// What the first load's chunks import dynamically (the recent sign-up widget), except the other
// pages' entries.
const later = new Set<string>();
for (const chunk of Object.values(manifest).filter((chunk) => firstLoad.has(chunk.file)))
  chunk.dynamicImports?.filter((key) => !OTHER_ENTRIES.has(key)).forEach((key) => collect(key, later, firstLoad));
if (later.size > 0) report('\nLoaded after the page has loaded (not counted):', later);

if (total > BUDGET_BYTES) {
  console.error(`\nOver budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
