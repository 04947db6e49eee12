import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// npm only warns (EBADENGINE) when an installed package does not support the running Node, so a
// dependency that drops an older Node goes unnoticed on a newer machine. This checks every package
// of the lock file at the lowest version of each line that `engines` allows (20.19.0, …), where such
// a drop shows first; .ci/run also fails on the warning itself.
const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('Node versions', () => {
  it('every package of the lock file supports the lowest Node of each line that engines allows', () => {
    const allowed: string = readJson('package.json').engines.node;
    const lowest = new semver.Range(allowed).set.map(
      (comparators) => semver.minVersion(comparators.map(String).join(' '))?.version,
    );
    expect(lowest.length).toBeGreaterThan(0);
    expect(lowest).not.toContain(undefined);
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const unsupported: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // npm ignores a range it cannot read, and so does this check.
      if (!node || semver.validRange(node) === null) continue;
      for (const version of lowest) {
        if (version && !semver.satisfies(version, node)) {
          unsupported.push(`${where}@${entry.version} needs node ${node}, not ${version}`);
        }
      }
    }
    expect(unsupported, `engines allows node ${allowed}`).toEqual([]);
  });
});
