import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalog, mergeCatalogs } from './merge';

/*
 * The sign-in and its neighbours show with the English texts that come with the app (index.ts: the
 * shell's parts); the others load for any other page (app/locale-loader.ts). So every key that the
 * code of those pages asks for, through its static imports, must be in the shell's parts.
 */
const srcDir = path.resolve(import.meta.dirname, '..');
const SHELL_PARTS = /^(common|errors|auth.*)\.json$/;
const ROOTS = [
  'main.tsx',
  'app/layouts/auth-layout.tsx',
  ...['signin', 'signup', 'success', 'forgot-password', 'reset-password'].map(
    (name) => `features/auth/pages/${name}-page.tsx`,
  ),
];

function partsOf(pick: (name: string) => boolean): Catalog {
  const dir = path.join(import.meta.dirname, 'en');
  const names = readdirSync(dir).filter((name) => name.endsWith('.json') && pick(name));
  return mergeCatalogs(
    Object.fromEntries(names.map((n) => [n, JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as Catalog])),
  );
}
function flatten(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [full] : flatten(value, full);
  });
}

/** The module and every module of ours it imports statically (not `import type`, not `import()`). */
function staticallyReached(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = roots.map((root) => path.join(srcDir, root));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const target = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find(existsSync);
      if (target && /\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return [...seen];
}

describe("the sign-in's texts", () => {
  const all = new Set(flatten(partsOf(() => true)));
  const shell = new Set(flatten(partsOf((name) => SHELL_PARTS.test(name))));
  const sections = [...new Set([...all].map((key) => key.split('.')[0]))].join('|');
  const files = staticallyReached(ROOTS);

  it('come with the app: every key the sign-in and its neighbours ask for is in the shell parts', () => {
    const literal = new RegExp(`['"\`]((?:${sections})\\.[a-zA-Z0-9_.]+)['"\`]`, 'g');
    const template = new RegExp(`\`((?:${sections})\\.[a-zA-Z0-9_.]*)\\$\\{`, 'g');
    const missing: string[] = [];
    let seen = 0;
    for (const file of files) {
      // Comments hold no key the page asks for.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm, '$1');
      for (const [, key = ''] of code.matchAll(literal)) {
        if (!all.has(key) && !all.has(`${key}_one`)) continue;
        seen++;
        if (!shell.has(key) && !shell.has(`${key}_one`))
          missing.push(`${path.relative(srcDir, file)}: ${key}`);
      }
      for (const [, prefix = ''] of code.matchAll(template)) {
        if (![...shell].some((k) => k.startsWith(prefix)))
          missing.push(`${path.relative(srcDir, file)}: ${prefix}…`);
      }
    }
    expect(files.map((f) => path.relative(srcDir, f))).toContain('features/auth/pages/signin-page.tsx');
    expect(seen).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('are fewer than all, and the rest is what the other pages load (./en)', async () => {
    expect(shell.size).toBeGreaterThan(50);
    expect(shell.size * 2).toBeLessThan(all.size);
    const rest = flatten((await import('./en')).default);
    expect(rest.filter((key) => shell.has(key))).toEqual([]);
    expect([...shell, ...rest].sort()).toEqual([...all].sort());
  });
});
