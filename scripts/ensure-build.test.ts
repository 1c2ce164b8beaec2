/**
 * `npm start` on a server installed with `npm ci --omit=dev` (no vite): instead of "vite: not found",
 * it says where to build and how to run a release.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start without the build tools', () => {
  it('stops before building and says to build a release elsewhere', () => {
    // A checkout with its sources but no dist/ and no development packages.
    const checkout = mkdtempSync(path.join(tmpdir(), 'vbr-omit-dev-'));
    for (const dir of ['src/shared', 'src/client', 'src/server', 'scripts', 'node_modules/.bin'])
      mkdirSync(path.join(checkout, dir), { recursive: true });
    for (const file of ['vite.config.ts', 'tsconfig.base.json', 'scripts/build-server.mjs', 'scripts/ensure-build.mjs'])
      copyFileSync(file, path.join(checkout, file));
    writeFileSync(path.join(checkout, 'src/shared/x.ts'), 'export {};\n');

    const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: checkout, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('vite is missing');
    expect(result.stderr).toContain('npm ci && npm run release');
    expect(result.stderr).toContain('node dist/node/main.js');
    expect(result.stdout).not.toContain('Building');
  });
});
