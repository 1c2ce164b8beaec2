/**
 * One Node.js for everything: package.json `engines` must admit only versions every installed
 * package accepts (an `npm ci` with EBADENGINE warnings means a dependency wants a newer Node than we
 * promise), and the Node the tests and the release run on must satisfy it.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
};

describe('the Node.js version', () => {
  it('is one every dependency accepts: the lowest version engines admits satisfies each package', () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    expect(semver.major(lowest)).toBeGreaterThanOrEqual(22);
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => {
        const range = (entry.engines as { node: string }).node;
        return semver.validRange(range) !== null && !semver.satisfies(lowest, range, { includePrerelease: true });
      })
      .map(
        ([name, entry]) =>
          `${name.replace(/^.*node_modules\//, '')} wants node ${(entry.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });

  it('that runs the tests is one engines admits', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
