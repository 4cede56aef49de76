import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The project promises the Node of its `engines` (the machines run Node 20). Every package `npm ci` installs
// (the lockfile's list) must accept the oldest Node so promised, or `npm install` warns EBADENGINE and the
// package may use what that Node lacks. cookie@2 and content-disposition@3 want Node 22: package.json's
// `overrides` keep them at cookie@1 and content-disposition@2, whose API the dependents use is the same.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('installed packages and the Node the project supports', () => {
  const project = read('package.json') as { engines: { node: string } };
  const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
  const oldest = semver.minVersion(project.engines.node)!;

  it('promises Node 20', () => {
    expect(oldest.major).toBe(20);
  });

  it('installs no package that refuses the oldest promised Node', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(oldest, wanted) ? [`${where}@${entry.version}: node ${wanted}`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('still reads the lockfile (the walk above is not vacuous)', () => {
    const withEngines = Object.values(lock.packages).filter((e) => !Array.isArray(e.engines) && e.engines?.node);
    expect(withEngines.length).toBeGreaterThan(100);
  });
});
