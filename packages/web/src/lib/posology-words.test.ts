import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { doseLabel } from './posology-words';

const i18nDir = path.resolve(import.meta.dirname, '../i18n');
const part = (lang: string, name: string) =>
  JSON.parse(readFileSync(path.join(i18nDir, lang, `${name}.json`), 'utf8'));

describe('a dose in a list of doses (the daily plan, the dashboard)', () => {
  const translator = async (lang: 'en' | 'de' | 'fr') => {
    const i18n = createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { translation: { ...part(lang, 'posology'), ...part(lang, 'common') } } },
      interpolation: { escapeValue: false },
    });
    return i18n.t;
  };

  it.each([
    ['en', 'Aspirin: 1–2\u00a0STK', 'Drops: ½\u00a0ml', 'Tabs: 1'],
    ['de', 'Aspirin: 1–2\u00a0STK', 'Drops: ½\u00a0ml', 'Tabs: 1'],
    ['fr', 'Aspirin\u00a0: 1 à 2\u00a0STK', 'Drops\u00a0: ½\u00a0ml', 'Tabs\u00a0: 1'],
  ] as const)('names the medicine with its amount and unit (%s)', async (lang, range, half, bare) => {
    const t = await translator(lang);
    expect(doseLabel(t, lang, 'Aspirin', { amount: { value: 1, max: 2 }, unit: 'STK' })).toBe(range);
    expect(doseLabel(t, lang, 'Drops', { amount: { value: 0.5 }, unit: 'ml' })).toBe(half);
    expect(doseLabel(t, lang, 'Tabs', { amount: { value: 1 }, unit: null })).toBe(bare);
    // A medicine of daily times: its name alone (one unit).
    expect(doseLabel(t, lang, 'Metformin 500 mg', {})).toBe('Metformin 500 mg');
    expect(doseLabel(t, lang, 'Metformin 500 mg', undefined)).toBe('Metformin 500 mg');
  });
});
