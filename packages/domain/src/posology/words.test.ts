import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { POSOLOGY_CATALOG, posologyCatalogTree } from './catalog';
import { DAY_SEGMENTS, type PosologyPart } from './model';
import { describePart, formatAmount, type Phrase, renderPhrase, UNSUPPORTED_REASONS } from './words';

const render = (part: PosologyPart, language: 'en' | 'de' | 'fr') =>
  describePart(part).map((p) => renderPhrase(p, language).replaceAll('\u00a0', ' '));

const segments: PosologyPart = {
  from: '2025-03-01',
  to: '2025-03-31',
  inReserve: false,
  unit: 'Stk',
  schedule: {
    kind: 'regular',
    regimen: {
      days: { kind: 'daily' },
      slots: [
        { at: 'morning', amount: { value: 0.5 } },
        { at: '21:00', amount: { value: 1, max: 2 } },
      ],
    },
  },
};
const cycle: PosologyPart = {
  from: '2025-03-01',
  to: null,
  inReserve: false,
  unit: null,
  schedule: {
    kind: 'sequence',
    repeat: true,
    phases: [
      {
        kind: 'take',
        days: 21,
        regimen: {
          days: { kind: 'weekdays', weekdays: [3, 1], everyNWeeks: 1 },
          slots: [{ at: 'night', amount: { value: 1 } }],
        },
      },
      { kind: 'pause', days: 7 },
    ],
  },
};

describe('posology in words', () => {
  it('says a daily posology with segments, a range and dates in en, de and fr', () => {
    expect(render(segments, 'en')).toEqual([
      'Every day: ½ Stk in the morning and 1–2 Stk at 21:00',
      'From Mar 1, 2025 to Mar 31, 2025',
    ]);
    expect(render(segments, 'de')).toEqual([
      'Täglich: ½ Stk morgens und 1–2 Stk um 21:00',
      'Vom 01.03.2025 bis 31.03.2025',
    ]);
    expect(render(segments, 'fr')).toEqual([
      'Chaque jour : ½ Stk le matin et 1 à 2 Stk à 21:00',
      'Du 1 mars 2025 au 31 mars 2025',
    ]);
  });

  it('says a cycle with weekdays and a pause, without a unit', () => {
    expect(render(cycle, 'en')).toEqual([
      'For 21 days — On Monday and Wednesday: 1 at night',
      'Then a pause of 7 days',
      'Then start again',
      'From Mar 1, 2025',
    ]);
    expect(render({ ...cycle, inReserve: true }, 'de')[0]).toBe('Bei Bedarf');
  });

  it('keeps free text and says why a posology was not understood', () => {
    const text: PosologyPart = {
      from: null,
      to: null,
      inReserve: true,
      unit: 'Stk',
      schedule: {
        kind: 'freeText',
        text: 'Take one pill.',
        unsupported: { format: 'CHMED23A', source: { t: 6 }, reason: 'interval' },
      },
    };
    expect(render(text, 'fr')).toEqual([
      'En réserve, si besoin',
      'Le plan indique un intervalle minimal entre les doses',
      'Take one pill.',
    ]);
  });

  it('writes amounts with eMediplan’s fractions, else as decimals of the language', () => {
    expect([0.5, 1.5, 0.25, 2.75, 1 / 3, 0.125, 1, 0.3, 1.2].map((v) => formatAmount(v, 'de'))).toEqual([
      '½',
      '1½',
      '¼',
      '2¾',
      '⅓',
      '⅛',
      '1',
      '0,3',
      '1,2',
    ]);
  });

  it('has every key it can say in all three languages, with the same parameters', () => {
    const keys = new Set<string>();
    const collect = (phrase: Phrase) => {
      keys.add(phrase.key);
      for (const value of Object.values(phrase.params ?? {})) {
        for (const p of Array.isArray(value) ? value : [value]) if (typeof p === 'object') collect(p);
      }
    };
    for (const part of [segments, cycle]) describePart(part).forEach(collect);
    for (const s of DAY_SEGMENTS) keys.add(`posology.slot.${s}`);
    for (const r of UNSUPPORTED_REASONS) keys.add(`posology.unsupported.${r}`);
    const params = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES) {
      for (const key of keys) {
        const text = POSOLOGY_CATALOG[language][key] ?? POSOLOGY_CATALOG[language][`${key}_other`];
        expect(text, `${language} ${key}`).toBeDefined();
      }
      expect(Object.keys(POSOLOGY_CATALOG[language]).sort()).toEqual(Object.keys(POSOLOGY_CATALOG.en).sort());
      for (const [key, text] of Object.entries(POSOLOGY_CATALOG[language])) {
        expect(params(text), `${language} ${key}`).toEqual(params(POSOLOGY_CATALOG.en[key] ?? ''));
      }
    }
  });
});

describe('posologyCatalogTree', () => {
  it('holds every text at the path of its key, as the web’s catalogs do', () => {
    for (const language of LANGUAGES) {
      const tree = posologyCatalogTree(language);
      for (const [key, text] of Object.entries(POSOLOGY_CATALOG[language])) {
        const found = key
          .split('.')
          .reduce<unknown>((node, step) => (node as Record<string, unknown>)?.[step], tree);
        expect(found, `${language} ${key}`).toBe(text);
      }
    }
  });
});
