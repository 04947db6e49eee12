import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeEmediplan } from '@dosedot/domain/emediplan';
import { describePart, posologyCatalogTree, renderPhrase } from '@dosedot/domain/posology';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { phraseText } from '../../../lib/posology-words';
import { posologyLines } from './posology-words';

const LANGS = ['en', 'de', 'fr'] as const;
const i18nDir = path.resolve(import.meta.dirname, '../../../i18n');
const catalog = (lang: string) => JSON.parse(readFileSync(path.join(i18nDir, lang, 'posology.json'), 'utf8'));

/** Every posology of the domain's eMediplan fixtures (the specification's examples). */
const fixturesDir = path.resolve(import.meta.dirname, '../../../../../domain/src/emediplan/fixtures');
const posologies = [
  'chmed16a/spec-example-compressed.json',
  'chmed23a/example-1.json',
  'chmed23a/example-2.json',
  'chmed23a/example-3.json',
  'chmed23a/example-4.json',
].flatMap((file) => {
  const fixture = JSON.parse(readFileSync(path.join(fixturesDir, file), 'utf8'));
  const decoded = decodeEmediplan(fixture.code ?? JSON.stringify(fixture));
  if (!decoded.ok) throw new Error(`${file}: ${decoded.error.message}`);
  return decoded.plan.medicines.map((m) => m.posology);
});

describe('posology in words', () => {
  it('has the domain catalog in the web catalogs, as it is', () => {
    for (const lang of LANGS) expect(catalog(lang)).toEqual(posologyCatalogTree(lang));
  });

  it.each(LANGS)('writes every fixture posology as the domain does (%s)', async (lang) => {
    const i18n = createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { translation: catalog(lang) } },
      interpolation: { escapeValue: false },
    });
    expect(posologies.length).toBeGreaterThan(10);
    for (const posology of posologies) {
      for (const part of posology)
        for (const phrase of describePart(part))
          expect(phraseText(i18n.t, lang, phrase)).toBe(renderPhrase(phrase, lang));
      expect(posologyLines(i18n.t, lang, posology)).toHaveLength(posology.length);
    }
  });
});
