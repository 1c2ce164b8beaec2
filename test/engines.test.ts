import { describe, expect, it } from 'vitest';
import { apiTestFiles, databaseUses, engineMarker, readTestFile } from './engines';

describe('engine markers of the API tests (test/engines.ts)', () => {
  const files = apiTestFiles();

  it('finds the API test files, not the process tests', () => {
    expect(files).toContain('test/payments/payment-races.test.ts');
    expect(files).not.toContain('test/engines.test.ts');
    expect(files.filter((file) => file.startsWith('test/process/'))).toEqual([]);
  });

  it('every API test file says on its first line which engines it runs on', () => {
    const unmarked = files.filter((file) => !engineMarker(readTestFile(file)));
    expect(unmarked, 'add `// engines: both` (or `once`) as the first line').toEqual([]);
  });

  it('a file that touches the database runs on both engines', () => {
    const wronglyOnce = files
      .filter((file) => engineMarker(readTestFile(file)) === 'once')
      .flatMap((file) => databaseUses(readTestFile(file)).map((reason) => `${file}: ${reason}`));
    expect(wronglyOnce, 'mark these `// engines: both`').toEqual([]);
  });

  it('reads markers and database uses as written', () => {
    expect(engineMarker('// engines: both\nimport x;')).toBe('both');
    expect(engineMarker('// engines: once\n')).toBe('once');
    expect(engineMarker('// engines: postgres\n')).toBeUndefined();
    expect(engineMarker('import x;\n// engines: once\n')).toBeUndefined();
    expect(databaseUses("import { buildTestApp } from '../helpers/app';\nawait t.app.inject({ url: '/' });")).toEqual(
      [],
    );
    for (const source of [
      "import { insertStudent } from '../factories';",
      "import { createTestDatabase } from '../helpers/database';",
      "import { students } from '@server/db/schema';",
      "import { eq } from 'drizzle-orm';",
      'await t.db.select().from(students);',
      'const token = await t.adminToken();',
      'await t.app.jobs.runNow(EMAIL_OUTBOX_JOB);',
    ]) {
      expect(databaseUses(source), source).not.toEqual([]);
    }
  });
});
