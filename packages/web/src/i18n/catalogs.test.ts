import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { type Catalog, mergeCatalogs } from './merge';
import { groupOf, TEXT_GROUPS } from './parts';
import { SPEC_TEXTS } from './spec-texts';
import { typographyProblems } from './typography';

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** A language's parts as the app loads them (`<lang>/<part>.json`), by file name. */
function partsOf(lang: string): Record<string, Catalog> {
  const dir = path.join(import.meta.dirname, lang);
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  return Object.fromEntries(
    files.map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Catalog]),
  );
}

const parts = { en: partsOf('en'), de: partsOf('de'), fr: partsOf('fr') };
const en = mergeCatalogs(parts.en);
const catalogs = {
  en: flatten(en),
  de: flatten(mergeCatalogs(parts.de)),
  fr: flatten(mergeCatalogs(parts.fr)),
};
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
  it('come in the same parts in English, German and French', () => {
    const names = Object.keys(parts.en).sort();
    expect(names).toContain('common.json');
    expect(Object.keys(parts.de).sort()).toEqual(names);
    expect(Object.keys(parts.fr).sort()).toEqual(names);
  });

  it('hold each key in one part only, the same part in every language', () => {
    const owners = (lang: keyof typeof parts) => {
      const owner = new Map<string, string>();
      for (const [name, part] of Object.entries(parts[lang])) {
        for (const key of flatten(part).keys()) {
          expect(owner.get(key), `${lang}: ${key} in ${name}`).toBeUndefined();
          owner.set(key, name);
        }
      }
      return [...owner].sort(([a], [b]) => a.localeCompare(b));
    };
    const english = owners('en');
    expect(english).toHaveLength(catalogs.en.size);
    expect(owners('de')).toEqual(english);
    expect(owners('fr')).toEqual(english);
  });

  it("are what the app loads: each language's groups (texts.ts) hold its texts once", async () => {
    const groups = {
      en: [
        import('virtual:dosedot-texts/en-shell'),
        import('virtual:dosedot-texts/en-core'),
        import('virtual:dosedot-texts/en-rest'),
      ],
      de: [
        import('virtual:dosedot-texts/de-shell'),
        import('virtual:dosedot-texts/de-core'),
        import('virtual:dosedot-texts/de-rest'),
      ],
      fr: [
        import('virtual:dosedot-texts/fr-shell'),
        import('virtual:dosedot-texts/fr-core'),
        import('virtual:dosedot-texts/fr-rest'),
      ],
    };
    for (const lang of ['en', 'de', 'fr'] as const) {
      const keys = (await Promise.all(groups[lang])).map((group) => [...flatten(group.default).keys()]);
      for (const group of keys) expect(group.length, lang).toBeGreaterThan(20);
      expect(keys.flat().sort(), lang).toEqual([...catalogs[lang].keys()].sort());
    }
    // Each part of each language is in one of the groups of ./parts.ts.
    for (const lang of ['en', 'de', 'fr'] as const)
      expect(new Set(Object.keys(parts[lang]).map((name) => groupOf(name))), lang).toEqual(
        new Set(TEXT_GROUPS),
      );
  });

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
    const sections = Object.keys(en).join('|');
    const literal = new RegExp(`['"\`]((?:${sections})\\.[a-zA-Z0-9_.]+)['"\`]`, 'g');
    const template = new RegExp(`\`((?:${sections})\\.[a-zA-Z0-9_.]*)\\$\\{`, 'g');
    const keys = [...catalogs.en.keys()];
    const missing: string[] = [];
    let seen = 0;
    for (const { file, text } of sources) {
      for (const match of text.matchAll(literal)) {
        const key = match[1] ?? '';
        seen++;
        if (!catalogs.en.has(key) && !catalogs.en.has(`${key}_one`)) missing.push(`${file}: ${key}`);
      }
      // Keys built at run time (`nav.${item.key}`): their fixed part must be a section of the catalog.
      for (const match of text.matchAll(template)) {
        const prefix = match[1] ?? '';
        if (!keys.some((k) => k.startsWith(prefix))) missing.push(`${file}: ${prefix}…`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('name every menu entry, language, error page and legal section the code builds keys for', () => {
    for (const key of ['dashboard', 'myMedicine', 'cumulativeChart', 'devices', 'users', 'myHealthData']) {
      expect(catalogs.en.has(`nav.${key}`), key).toBe(true);
    }
    for (const lang of ['en', 'de', 'fr']) expect(catalogs.en.has(`language.${lang}`)).toBe(true);
    for (const kind of ['notFound', 'generic', 'unauthorized']) {
      for (const part of ['title', 'heading', 'text']) {
        expect(catalogs.en.has(`errorPages.${kind}.${part}`), `${kind}.${part}`).toBe(true);
      }
    }
    for (const n of [1, 2, 3, 4])
      expect(catalogs.en.has(`legal.faq.q${n}`) && catalogs.en.has(`legal.faq.a${n}`)).toBe(true);
    for (const part of ['what', 'why', 'security', 'rights']) {
      expect(catalogs.en.has(`legal.privacy.${part}Title`) && catalogs.en.has(`legal.privacy.${part}`)).toBe(
        true,
      );
    }
    for (const part of ['account', 'medical', 'changes']) {
      expect(catalogs.en.has(`legal.terms.${part}Title`) && catalogs.en.has(`legal.terms.${part}`)).toBe(
        true,
      );
    }
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

/*
 * docs/writing.md: spec texts word for word; one capitalisation rule per language for our own
 * texts; typographic apostrophes and French spacing.
 */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
const specByNormal = new Map(SPEC_TEXTS.map((text) => [normalise(text), text]));

/** Names that keep their capitals in any sentence: the product, languages, keys, days. */
const PROPER = {
  en: ['DoseDot', 'Web', 'I', 'English', 'Deutsch', 'Français', 'Enter', 'Monday', 'Friday', 'Rega'],
  fr: ['DoseDot', 'Web', 'English', 'Deutsch', 'Français', 'Entrée', 'Rega'],
} as const;

/**
 * The words of a sentence-case text that start with a capital where they should not: not the
 * first word, not after . ! ? or an opening quote, not a proper name, an acronym (AHV, PDF) or the
 * name of a menu entry (a page's name, quoted as such: "Back to My Medicine").
 */
function titleCaseWords(text: string, lang: 'en' | 'fr', pageNames: string[]): string[] {
  let rest = text.replace(/\{\{\w+\}\}|<\/?\w+>/g, ' ');
  for (const name of pageNames) rest = rest.replaceAll(name, ' ');
  const words = rest.split(/[\s\u00a0\u202f/()]+/).filter(Boolean);
  return words.filter((word, i) => {
    const before = words[i - 1];
    if (i === 0 || !before || /[.!?:«“]$/.test(before) || /^[«“]/.test(word)) return false;
    const bare = word.replace(/[^\p{L}\d-]/gu, '');
    if (!/^\p{Lu}/u.test(bare)) return false;
    const acronym = bare.length > 1 && bare === bare.toUpperCase();
    return !acronym && !(PROPER[lang] as readonly string[]).includes(bare);
  });
}

describe('writing rules (docs/writing.md)', () => {
  it('keep spec texts word for word: a text that is a spec text up to case or spacing is the spec text', () => {
    const drifted: string[] = [];
    for (const [key, text] of catalogs.en) {
      const spec = specByNormal.get(normalise(text));
      if (spec && spec !== text) drifted.push(`${key}: "${text}" should be "${spec}"`);
    }
    expect(drifted).toEqual([]);
  });

  it('use typographic apostrophes and French spacing, and the ellipsis', () => {
    const problems: string[] = [];
    for (const lang of ['en', 'de', 'fr'] as const) {
      for (const [key, text] of catalogs[lang]) {
        for (const problem of typographyProblems(text, lang)) problems.push(`${lang}: ${key}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`write our own ${lang} texts in sentence case (spec texts keep theirs)`, () => {
      const pageNames = [...catalogs[lang]].filter(([key]) => key.startsWith('nav.')).map(([, text]) => text);
      const offenders: string[] = [];
      for (const [key, text] of catalogs[lang]) {
        if (lang === 'en' && specByNormal.has(normalise(text))) continue;
        const words = titleCaseWords(text, lang, pageNames);
        if (words.length) offenders.push(`${key}: "${text}" (${words.join(', ')})`);
      }
      expect(offenders).toEqual([]);
    });
  }

  it('the capitalisation check finds Title Case and lets names, acronyms and sentences pass', () => {
    expect(titleCaseWords('Edit Medicine', 'en', [])).toEqual(['Medicine']);
    expect(titleCaseWords('Back to My Medicine. Export the PDF for DoseDot', 'en', ['My Medicine'])).toEqual(
      [],
    );
    expect(titleCaseWords('Utilisez « Mot de passe oublié ? » sur la Page', 'fr', [])).toEqual(['Page']);
  });
});

/** Attributes that hold no words for people (styles, routes, types, ids). */
const TECHNICAL = new Set([
  'sx',
  'className',
  'href',
  'to',
  'id',
  'name',
  'type',
  'variant',
  'color',
  'size',
  'component',
  'role',
  'autoComplete',
  'severity',
  'edge',
  'position',
  'anchor',
  'underline',
  'target',
  'rel',
  'lang',
  'value',
  'policy',
  'path',
  'code',
  'fontSize',
  'i18nKey',
  'aria-haspopup',
  'aria-live',
  'aria-hidden',
  'viewBox',
  'fill',
  'd',
  'cx',
  'cy',
  'r',
  'opacity',
  'xmlns',
  'src',
  'alt',
  'startIcon',
]);

/** Every text for people that a component file holds as a literal instead of a catalog key. */
function literalTexts(code: string): string[] {
  const ast = parse(code, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
  const found: string[] = [];
  const words = (value: string) => /\p{L}{2,}/u.test(value);
  const sentence = (value: string) => /\p{L}{2,}[^\n]*\s\p{L}/u.test(value);
  const walk = (node: unknown, parent?: { type?: string }): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child, parent);
      return;
    }
    const n = node as {
      type?: string;
      value?: unknown;
      name?: { name?: unknown };
      expression?: { type?: string; value?: unknown; quasis?: { value: { raw: string } }[] };
      callee?: { type?: string; object?: { name?: string } };
      arguments?: { type?: string; value?: unknown }[];
    };
    if (n.type === 'JSXText' && typeof n.value === 'string' && words(n.value)) found.push(n.value.trim());
    if (n.type === 'JSXExpressionContainer' && parent?.type !== 'JSXAttribute') {
      const e = n.expression;
      if (e?.type === 'StringLiteral' && words(String(e.value))) found.push(`{'${String(e.value)}'}`);
      if (e?.type === 'TemplateLiteral' && e.quasis?.some((q) => words(q.value.raw))) {
        found.push(`{\`${e.quasis.map((q) => q.value.raw).join('…')}\`}`);
      }
    }
    if (n.type === 'JSXAttribute') {
      const name = String(n.name?.name);
      const value = n.value as {
        type?: string;
        value?: unknown;
        expression?: { type?: string; value?: unknown };
      } | null;
      const text =
        value?.type === 'StringLiteral'
          ? String(value.value)
          : value?.expression?.type === 'StringLiteral'
            ? String(value.expression.value)
            : '';
      const visible = ['label', 'title', 'placeholder', 'aria-label', 'alt', 'helperText'].includes(name);
      if (text && !TECHNICAL.has(name) && (visible ? words(text) : sentence(text)))
        found.push(`${name}="${text}"`);
      if (name === 'alt' && text && words(text)) found.push(`${name}="${text}"`);
    }
    // Toasts with a literal message.
    if (
      n.type === 'CallExpression' &&
      n.callee?.type === 'MemberExpression' &&
      n.callee.object?.name === 'notify'
    ) {
      const first = n.arguments?.[0];
      if (first?.type === 'StringLiteral' && words(String(first.value)))
        found.push(`notify('${String(first.value)}')`);
    }
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'start' && key !== 'end' && key !== 'extra') walk(child, n);
    }
  };
  walk(ast.program);
  return found;
}

describe('components', () => {
  it('hold no hard-coded sentence: every text comes from the catalogs', () => {
    const offenders = sources.flatMap(({ file, text }) =>
      literalTexts(text).map((literal) => `${file}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check finds a hard-coded sentence wherever it hides', () => {
    expect(
      literalTexts(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test holds a template literal
        'const A = () => <p title="Hello there" intro="Take them all">Take your pills{" now or later"}{`at ${x} o clock`}</p>; notify.error("It failed");',
      ),
    ).toEqual([
      'title="Hello there"',
      'intro="Take them all"',
      'Take your pills',
      "{' now or later'}",
      '{`at … o clock`}',
      "notify('It failed')",
    ]);
    expect(
      literalTexts('const B = () => <Button variant="contained" sx={{ p: 1 }} to="/x">{t("a.b")}</Button>;'),
    ).toEqual([]);
  });
});
