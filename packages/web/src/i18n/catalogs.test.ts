import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const catalogs = { en: flatten(en), de: flatten(de), fr: flatten(fr) };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[0]).sort();

const srcDir = path.resolve(import.meta.dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}
const sources = sourceFiles(srcDir).map((file) => ({
  file: path.relative(srcDir, file),
  text: readFileSync(file, 'utf8'),
}));

describe('translation catalogs', () => {
  it('have the same keys in English, German and French', () => {
    const keys = [...catalogs.en.keys()].sort();
    expect([...catalogs.de.keys()].sort()).toEqual(keys);
    expect([...catalogs.fr.keys()].sort()).toEqual(keys);
  });

  it('keep every placeholder and tag of the English text', () => {
    for (const [key, text] of catalogs.en) {
      for (const lang of ['de', 'fr'] as const) {
        expect(placeholders(catalogs[lang].get(key) ?? ''), `${lang}: ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('have no empty text', () => {
    for (const [lang, catalog] of Object.entries(catalogs)) {
      for (const [key, text] of catalog) expect(text.trim(), `${lang}: ${key}`).not.toBe('');
    }
  });

  it('hold every key the code asks for', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\b(?:t|i18nKey=|message:)\s*\(?\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1] ?? '';
        if (!key.includes('.')) continue;
        const known = catalogs.en.has(key) || catalogs.en.has(`${key}_one`);
        if (!known) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('have the spec texts word for word in English', () => {
    const spec = [
      'The email / password combination is invalid',
      'Are you sure you want to logout?',
      'How did you get here?',
      "Sorry we can't seem to find the page you're looking for.",
      'OOPS! Something went wrong here',
      'Our experts are working to fix the issue.',
      'This page could not be found',
      'No Medicine Schedule To Display',
      'No sensor is assigned to this user',
    ];
    const texts = new Set(catalogs.en.values());
    for (const text of spec) expect(texts.has(text), text).toBe(true);
  });
});

/** Every JSX text and literal visible attribute of a component file. */
function literalTexts(code: string): string[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
  const found: string[] = [];
  const visible = new Set([
    'label',
    'title',
    'placeholder',
    'aria-label',
    'alt',
    'helperText',
    'question',
    'heading',
  ]);
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    const n = node as { type?: string; value?: unknown; name?: { name?: unknown } };
    if (n.type === 'JSXText' && typeof n.value === 'string' && /\p{L}{2,}/u.test(n.value)) {
      found.push(n.value.trim());
    }
    if (n.type === 'JSXAttribute' && visible.has(String(n.name?.name))) {
      const value = n.value as { type?: string; value?: unknown } | null;
      if (value?.type === 'StringLiteral' && /\p{L}/u.test(String(value.value))) {
        found.push(`${String(n.name?.name)}="${String(value.value)}"`);
      }
    }
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'start' && key !== 'end') walk(child);
    }
  };
  walk(ast.program);
  return found;
}

describe('components', () => {
  it('hold no hard-coded sentence: every text comes from the catalogs', () => {
    const offenders = sources
      .filter((s) => s.file.endsWith('.tsx'))
      .flatMap(({ file, text }) => literalTexts(text).map((literal) => `${file}: ${literal}`));
    expect(offenders).toEqual([]);
  });

  it('the check finds a hard-coded sentence', () => {
    expect(literalTexts('const A = () => <p title="Hello there">Take your pills</p>;')).toEqual([
      'title="Hello there"',
      'Take your pills',
    ]);
  });
});
