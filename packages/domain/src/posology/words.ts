import type { Language } from '../constants';
import { isIsoDate } from '../time/dates';
import { POSOLOGY_CATALOG } from './catalog';
import type { Amount, DayPattern, DoseSlot, PosologyPart, Regimen } from './model';
import { DAY_SEGMENTS, type DaySegment } from './segments';

/*
 * A posology in words, as catalog keys with parameters: the web renders them with its i18next
 * catalogs, the server (the doctor PDF) with renderPhrase below. A parameter may itself be a phrase
 * or a list of phrases (rendered first; a list is joined the language's way, 'a, b and c'). A
 * parameter named `date`, `from` or `to` holding a 'YYYY-MM-DD' date is shown as a date. A phrase
 * with a number `count` has plural forms, as i18next has them: `key_one`, `key_other`. An amount
 * (`value`, `max`) is written with eMediplan's fractions (formatAmount).
 */

export interface Phrase {
  key: string;
  params?: Record<string, string | number | Phrase | Phrase[]>;
}

/** An amount in its unit: '1 Stk', '1–2 ml' (the daily plan shows each dose so). */
export const amountPhrase = ({ value, max }: Amount, unit: string | null): Phrase =>
  max === undefined
    ? { key: 'posology.amount.one', params: { value, unit: unit ?? '' } }
    : { key: 'posology.amount.range', params: { value, max, unit: unit ?? '' } };

const isSegment = (at: string): at is DaySegment => (DAY_SEGMENTS as readonly string[]).includes(at);

const slotPhrase = (slot: DoseSlot, unit: string | null): Phrase =>
  isSegment(slot.at)
    ? { key: `posology.slot.${slot.at}`, params: { amount: amountPhrase(slot.amount, unit) } }
    : { key: 'posology.slot.time', params: { amount: amountPhrase(slot.amount, unit), time: slot.at } };

function daysPhrase(days: DayPattern): Phrase {
  switch (days.kind) {
    case 'daily':
      return { key: 'posology.days.daily' };
    case 'once':
      return { key: 'posology.days.once' };
    case 'everyNDays':
      return { key: 'posology.days.everyNDays', params: { n: days.n } };
    case 'weekdays': {
      const list = [...days.weekdays].sort().map((d) => ({ key: `posology.weekday.${d}` }));
      return days.everyNWeeks === 1
        ? { key: 'posology.days.weekdays', params: { list } }
        : { key: 'posology.days.weekdaysEveryNWeeks', params: { list, n: days.everyNWeeks } };
    }
    case 'monthDays': {
      const list = [...days.days].sort((a, b) => a - b).join(', ');
      const count = days.days.length;
      return days.everyNMonths === 1
        ? { key: 'posology.days.monthDays', params: { list, count } }
        : { key: 'posology.days.monthDaysEveryNMonths', params: { list, count, n: days.everyNMonths } };
    }
  }
}

const regimenPhrase = (regimen: Regimen, unit: string | null): Phrase => ({
  key: 'posology.regimen',
  params: { days: daysPhrase(regimen.days), slots: regimen.slots.map((s) => slotPhrase(s, unit)) },
});

/** The reasons a posology is kept as text, each with a text in the catalog. */
export const UNSUPPORTED_REASONS = [
  'noDoses',
  'noTime',
  'noStart',
  'perCycle',
  'interval',
  'changingDose',
  'unit',
  'unknown',
] as const;
export type UnsupportedReason = (typeof UNSUPPORTED_REASONS)[number];

/** A part of a posology in words: one phrase a sentence, in reading order. */
export function describePart(part: PosologyPart): Phrase[] {
  const phrases: Phrase[] = [];
  if (part.inReserve) phrases.push({ key: 'posology.inReserve' });
  const s = part.schedule;
  if (s.kind === 'regular') phrases.push(regimenPhrase(s.regimen, part.unit));
  else if (s.kind === 'sequence') {
    for (const phase of s.phases) {
      if (phase.kind === 'pause')
        phrases.push({ key: 'posology.phase.pause', params: { count: phase.days } });
      else {
        phrases.push(
          phase.days === null
            ? { key: 'posology.phase.thenOn', params: { regimen: regimenPhrase(phase.regimen, part.unit) } }
            : {
                key: 'posology.phase.take',
                params: { count: phase.days, regimen: regimenPhrase(phase.regimen, part.unit) },
              },
        );
      }
    }
    if (s.repeat) phrases.push({ key: 'posology.sequence.repeat' });
  } else {
    if (s.unsupported) phrases.push({ key: `posology.unsupported.${s.unsupported.reason}` });
    if (s.text !== '') phrases.push({ key: 'posology.freeText', params: { text: s.text } });
  }
  if (part.from !== null && part.to !== null) {
    phrases.push({ key: 'posology.dates.fromTo', params: { from: part.from, to: part.to } });
  } else if (part.from !== null) phrases.push({ key: 'posology.dates.from', params: { from: part.from } });
  else if (part.to !== null) phrases.push({ key: 'posology.dates.to', params: { to: part.to } });
  return phrases;
}

/** Every phrase of a posology, part after part. */
export const describePosology = (posology: readonly PosologyPart[]): Phrase[][] => posology.map(describePart);

const DATE_PARAMS = new Set(['date', 'from', 'to']);
const AMOUNT_PARAMS = new Set(['value', 'max']);
/** The fractions eMediplan prints for divisible tablets: ½, ⅓, ¼, ⅔, ¾, ⅛. */
const FRACTIONS: [number, string][] = [
  [1 / 2, '½'],
  [1 / 3, '⅓'],
  [1 / 4, '¼'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [1 / 8, '⅛'],
];

/** An amount as a patient reads it: 0.5 → '½', 1.25 → '1¼', else the language's decimal ('0,3'). */
export function formatAmount(value: number, language: Language): string {
  const whole = Math.floor(value);
  const glyph = FRACTIONS.find(([f]) => Math.abs(value - whole - f) < 1e-9)?.[1];
  if (glyph !== undefined) return `${whole === 0 ? '' : whole}${glyph}`;
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

/** A phrase as text in `language`, from the domain's posology catalog (tests, the doctor PDF). */
export function renderPhrase(phrase: Phrase, language: Language): string {
  const count = phrase.params?.count;
  const plural =
    typeof count === 'number' ? `${phrase.key}_${new Intl.PluralRules(language).select(count)}` : null;
  const template =
    POSOLOGY_CATALOG[language][plural ?? phrase.key] ?? POSOLOGY_CATALOG[language][`${phrase.key}_other`];
  if (template === undefined) throw new RangeError(`No '${language}' text for ${phrase.key}`);
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  const value = (name: string, param: string | number | Phrase | Phrase[]): string => {
    if (typeof param === 'number')
      return AMOUNT_PARAMS.has(name) ? formatAmount(param, language) : numbers.format(param);
    if (typeof param === 'string') {
      return DATE_PARAMS.has(name) && isIsoDate(param) ? dates.format(new Date(`${param}T00:00:00Z`)) : param;
    }
    if (Array.isArray(param)) return list.format(param.map((p) => renderPhrase(p, language)));
    return renderPhrase(param, language);
  };
  return template
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const param = phrase.params?.[name];
      if (param === undefined) throw new RangeError(`${phrase.key} needs {{${name}}}`);
      return value(name, param);
    })
    .replace(/\u00a0(?=\s|$)/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
