import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalog, mergeCatalogs } from './merge';
import { groupOf } from './parts';

/*
 * The sign-in and its neighbours show with the texts of the `shell` group (./parts.ts; in English
 * they come with the app); the dashboard and My Medicine with those and the `core` group; the rest
 * loads for any other page, or at the first tap (app/locale-loader.ts). So every key that the code of
 * those pages asks for, through its static imports, must be in the groups they wait for.
 */
const srcDir = path.resolve(import.meta.dirname, '..');
const SHELL_ROOTS = [
  'main.tsx',
  'app/layouts/auth-layout.tsx',
  ...['signin', 'signup', 'success', 'forgot-password', 'reset-password'].map(
    (name) => `features/auth/pages/${name}-page.tsx`,
  ),
];
/** The signed-in layouts and the pages of app/locale-loader.ts's CORE_PAGES. */
const CORE_ROOTS = [
  'main.tsx',
  'app/layouts/default-layout.tsx',
  'app/layouts/patient-data-layout.tsx',
  ...['dashboard', 'timeline', 'weekly', 'monthly'].map(
    (name) => `features/dashboard/pages/${name}-page.tsx`,
  ),
  'features/medicines/pages/my-medicine-page.tsx',
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

const all = new Set(flatten(partsOf(() => true)));
const shell = new Set(flatten(partsOf((name) => groupOf(name) === 'shell')));
const core = new Set(flatten(partsOf((name) => groupOf(name) === 'core')));
const rest = new Set(flatten(partsOf((name) => groupOf(name) === 'rest')));
const sections = [...new Set([...all].map((key) => key.split('.')[0]))].join('|');

/** The keys the modules reached from `roots` ask for that are not in `loaded`, and how many they ask for. */
function notLoaded(
  roots: string[],
  loaded: Set<string>,
): { files: string[]; seen: number; missing: string[] } {
  const files = staticallyReached(roots);
  const literal = new RegExp(`['"\`]((?:${sections})\\.[a-zA-Z0-9_.-]+)['"\`]`, 'g');
  const template = new RegExp(`\`((?:${sections})\\.[a-zA-Z0-9_.-]*)\\$\\{`, 'g');
  const missing: string[] = [];
  let seen = 0;
  for (const file of files) {
    // Comments hold no key the page asks for.
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|\s)\/\/.*$/gm, '$1');
    for (const [, key = ''] of code.matchAll(literal)) {
      if (!all.has(key) && !all.has(`${key}_one`)) continue;
      seen++;
      if (!loaded.has(key) && !loaded.has(`${key}_one`))
        missing.push(`${path.relative(srcDir, file)}: ${key}`);
    }
    for (const [, prefix = ''] of code.matchAll(template)) {
      // A key built at run time (`app.pager.${type}`): every text under its prefix, none left out.
      const under = [...all].filter((k) => k.startsWith(prefix));
      if (under.length === 0 || under.some((k) => !loaded.has(k)))
        missing.push(`${path.relative(srcDir, file)}: ${prefix}…`);
    }
  }
  return { files: files.map((f) => path.relative(srcDir, f)), seen, missing };
}

describe("the sign-in's texts", () => {
  it('come with the app: every key the sign-in and its neighbours ask for is in the shell parts', () => {
    const { files, seen, missing } = notLoaded(SHELL_ROOTS, shell);
    expect(files).toContain('features/auth/pages/signin-page.tsx');
    expect(seen).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});

describe("a patient's first screens' texts", () => {
  it('are the shell and core groups: every key the signed-in layouts, the dashboard and My Medicine ask for', () => {
    const { files, seen, missing } = notLoaded(CORE_ROOTS, new Set([...shell, ...core]));
    expect(files).toContain('app/layouts/impersonation-banner.tsx');
    expect(files).toContain('features/medicines/components/medicine-list.tsx');
    expect(seen).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });

  it('are fewer than half of the rest: the three groups hold every text once', () => {
    expect(shell.size).toBeGreaterThan(50);
    expect(shell.size * 2).toBeLessThan(all.size);
    expect(core.size * 2).toBeLessThan(rest.size);
    expect([...shell, ...core, ...rest].sort()).toEqual([...all].sort());
  });
});
