/**
 * `npm run size`: the gzipped JavaScript the landing page's first load ships — every module script
 * and modulepreload of the built dist/client/index.html, React included — against the 90 KB budget
 * (1 KB = 1000 bytes, as Vite reports). Run `npm run build` first. The chunks fetched only after the
 * page has loaded (the recent sign-up widget) are listed separately, not counted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 90_000;
/** The other pages' entries (src/client/main.tsx), which the landing page never loads. */
const OTHER_ENTRIES = new Set(['router-entry.tsx', 'verify-entry.tsx']);
const clientDir = path.resolve(process.argv[2] ?? 'dist/client');
const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

const gzipped = (file: string) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const firstLoad = new Set(
  [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+\.js)"/g),
  ].flatMap((match) => (match[1] ? [match[1]] : [])),
);
if (firstLoad.size === 0) throw new Error('No module scripts in dist/client/index.html: run npm run build first.');

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
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file) || later.has(chunk.file)) return;
  later.add(chunk.file);
  chunk.imports?.forEach(visit);
};
for (const chunk of Object.values(manifest).filter((chunk) => firstLoad.has(chunk.file)))
  chunk.dynamicImports?.filter((key) => !OTHER_ENTRIES.has(key)).forEach(visit);
if (later.size > 0) report('\nLoaded after the page has loaded (not counted):', later);

if (total > BUDGET_BYTES) {
  console.error(`\nOver budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
