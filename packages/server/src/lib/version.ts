import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder upwards whose package.json has workspaces. */
function findRoot(from: string): string {
  let dir = from;
  while (path.dirname(dir) !== dir) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && 'workspaces' in (JSON.parse(readFileSync(file, 'utf8')) as object)) return dir;
    dir = path.dirname(dir);
  }
  return from;
}

/** "0.1.0+abc1234": the root package version and, in a git checkout, the short commit. */
export function readVersion(): string {
  const root = findRoot(import.meta.dirname);
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
