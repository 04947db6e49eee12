import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** "0.1.0+abc1234": the root package version and, in a git checkout, the short commit. */
export function readVersion(): string {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}
