// Compiles the server and its commands (src/server/main.ts, src/server/cli/*.ts) into dist/node, so
// `npm start` and the process tests run plain JavaScript instead of transpiling at every start (tsx).
// Dependencies stay in node_modules (imported at run time); only the project's own code is bundled.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = 'dist/node';
const commands = readdirSync('src/server/cli')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => path.join('src/server/cli', file));

// No chunk of an earlier build stays behind.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts', ...commands],
  outdir,
  outbase: 'src/server',
  // Code the server and the commands share is one chunk, loaded by whichever runs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The @server/… and @shared/… aliases come from the paths of tsconfig.base.json.
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`compiled the server → ${outdir}/main.js (commands: ${outdir}/cli)`);
