// `npm run test:quick`: the loop while editing, in about two minutes on a 2-core machine. The whole
// project's types (tsc -b, incremental), then lint and format of the files changed since the last
// commit (uncommitted and new files), then the unit and PGlite tests those changes reach (Vitest's
// --changed: each test file that imports a changed file, directly or not). `npm test` runs everything.
import { execFileSync, spawnSync } from 'node:child_process';

const git = (args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git(['diff', '--name-only', '--diff-filter=d', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
];

function step(label, command, args) {
  console.log(`\n--- ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log(`test:quick: ${changed.length} file(s) changed since the last commit`);
step('types (tsc -b)', 'npx', ['tsc', '-b']);
const lintable = changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
if (lintable.length > 0) {
  step(`lint (${lintable.length} changed)`, 'npx', [
    'eslint',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    '.cache/eslint/',
    '--no-warn-ignored',
    ...lintable,
  ]);
}
if (changed.length > 0) {
  step(`format (${changed.length} changed)`, 'npx', [
    'prettier',
    '--check',
    '--ignore-unknown',
    '--cache',
    '--cache-location',
    '.cache/prettier',
    ...changed,
  ]);
}
step('unit and PGlite tests the changes reach', 'npx', [
  'vitest',
  'run',
  '--changed',
  '--passWithNoTests',
  '--project',
  'unit',
  '--project',
  'pglite',
]);
