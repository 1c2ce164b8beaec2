/** scripts/check-docs.ts on a small tree of its own: each rule fails when it should and passes otherwise. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocs, namedPaths } from '../../scripts/check-docs';

// Spelled in pieces so that this file does not trip the rule it tests.
const SPEC = ['SPEC', 'md'].join('.');
const DESIGN = ['DESIGN', 'md'].join('.');
const ISSUE = ['iss', 'ue'].join('');

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

/** A tree that passes every rule, with `extra` files added or replaced. */
function tree(extra: Record<string, string> = {}): string {
  root = mkdtempSync(path.join(tmpdir(), 'check-docs-'));
  const files: Record<string, string> = {
    'README.md': '# Site\nSee [the decisions](docs/decisions/001-stack.md) and `src/server/app.ts`.\n',
    'docs/decisions/001-stack.md':
      '# 001\nThe app is built in `src/server/app.ts` ([rules](../product/README.md#glossary)).\n',
    'docs/product/README.md':
      '# Product\n## Glossary\nPlugins such as `plugins/spa.ts`; decision docs/decisions/001.\n',
    'src/server/app.ts':
      '/** Builds the app (plugins/spa.ts, docs/decisions/001-stack.md). */\nexport const app = 1;\n',
    'src/server/plugins/spa.ts': "// Serves the SPA.\nexport const url = 'https://example.com/a/b.ts';\n",
    'src/client/page.tsx': 'export const Page = () => <div>{/* and/or, p50/p99, image/jpeg */}</div>;\n',
    '.ci/run': '#!/usr/bin/env bash\n# Runs scripts/check-docs.ts\necho ok\n',
    'dist/client/index.html': '<!-- build output, never read -->',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  mkdirSync(path.join(root, 'scripts'), { recursive: true });
  writeFileSync(path.join(root, 'scripts/check-docs.ts'), '// the checker itself\n');
  return root;
}

const problems = (dir: string) =>
  checkDocs(dir).map((finding) => `${finding.file}:${finding.line}: ${finding.problem}`);

describe('check-docs', () => {
  it('passes a tree whose links, paths and pointers are all good', () => {
    expect(problems(tree())).toEqual([]);
  });

  it('fails a markdown link to a file that does not exist, and only that one', () => {
    const dir = tree({
      'docs/deploy.md': '# Deploy\n[ok](../README.md) [gone](old/setup.md#step-2) [web](https://x.org/y.md)\n',
    });
    expect(problems(dir)).toEqual(['docs/deploy.md:2: links to old/setup.md#step-2, which does not exist']);
  });

  it('fails a path in a document or a comment that does not exist, in every kind of file', () => {
    const dir = tree({
      'docs/perf/history.md': '# History\nMeasured with `scripts/bench-gone.ts`.\n',
      'src/server/routes/a.ts': '// See src/server/plugins/gone.ts.\nexport const a = "src/not-a-comment.ts";\n',
      'test/a.test.ts': '/**\n * Uses\n * test/helpers/app.ts\n */\nexport {};\n',
      '.ci/run': '#!/usr/bin/env bash\necho hi # then scripts/missing.sh\n',
    });
    expect(problems(dir)).toEqual([
      '.ci/run:2: names scripts/missing.sh, which does not exist',
      'docs/perf/history.md:2: names scripts/bench-gone.ts, which does not exist',
      'src/server/routes/a.ts:1: names src/server/plugins/gone.ts, which does not exist',
      'test/a.test.ts:3: names test/helpers/app.ts, which does not exist',
    ]);
  });

  it('resolves short forms by suffix and decisions by number, but not a number that has no record', () => {
    const dir = tree({
      'src/server/b.ts': '// plugins/spa.ts and docs/decisions/001 exist; docs/decisions/002 does not.\n',
    });
    expect(problems(dir)).toEqual(['src/server/b.ts:1: names docs/decisions/002, which does not exist']);
  });

  it('fails a pointer at the outside documents or at a tracker number, in documents, comments and test titles', () => {
    const dir = tree({
      'docs/a.md': `# A\nAs ${SPEC} section 3 says.\n`,
      'src/shared/b.ts': `/** The rule of ${DESIGN} section 6. */\nexport const b = 1;\n`,
      'test/c.test.ts': `import { it } from 'vitest';\nit('refuses a race (${ISSUE} 11)', () => {});\n`,
      'e2e/d.spec.ts': `// ${ISSUE} #16: phone layouts\nexport {};\n`,
    });
    expect(problems(dir)).toEqual([
      `docs/a.md:2: points at ${SPEC}, which is not in the repository (use docs/product/)`,
      `e2e/d.spec.ts:1: points at "${ISSUE} #16", a tracker number a reader cannot open`,
      `src/shared/b.ts:1: points at ${DESIGN}, which is not in the repository (use docs/product/)`,
      `test/c.test.ts:2: points at "${ISSUE} 11", a tracker number a reader cannot open`,
    ]);
  });

  it('counts as a path only a run with a slash and a known extension or a top folder', () => {
    expect(
      namedPaths(
        'and/or p50/p99 image/jpeg @fastify/static routes/<area>/wire.ts /api/x.json dist/a.js http://h/a.ts src/x docs/y.md, `a/b.tsx`.',
      ),
    ).toEqual(['src/x', 'docs/y.md', 'a/b.tsx']);
  });
});
