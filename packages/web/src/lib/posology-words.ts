import type { IntakeEntry } from '@dosedot/domain';
import { amountPhrase, formatAmount, type Phrase } from '@dosedot/domain/posology';
import type { TFunction } from 'i18next';
import type { Language } from './locale';

/*
 * A posology's words in the page language, shared by the features that show doses (My Medicine's
 * plans and the dashboard): the domain's phrases (decision 0014) rendered from the `posology` catalogs.
 */

const DATE_PARAMS = new Set(['date', 'from', 'to']);
const AMOUNT_PARAMS = new Set(['value', 'max']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A posology phrase (the domain's words.ts) as text, from the catalogs' `posology` texts: a phrase
 * or list parameter is rendered first (a list joined the language's way), a date shown as a date,
 * an amount with eMediplan's fractions; `count` stays a number for i18next's plural forms.
 */
export function phraseText(t: TFunction, lang: Language, phrase: Phrase): string {
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const list = new Intl.ListFormat(lang, { type: 'conjunction' });
  const params: Record<string, string | number> = {};
  for (const [name, param] of Object.entries(phrase.params ?? {})) {
    if (typeof param === 'number')
      params[name] = AMOUNT_PARAMS.has(name)
        ? formatAmount(param, lang)
        : name === 'count'
          ? param
          : String(param);
    else if (typeof param === 'string')
      params[name] =
        DATE_PARAMS.has(name) && ISO_DATE.test(param) ? dates.format(new Date(`${param}T00:00:00Z`)) : param;
    else if (Array.isArray(param)) params[name] = list.format(param.map((p) => phraseText(t, lang, p)));
    else params[name] = phraseText(t, lang, param);
  }
  return t(phrase.key, params)
    .replace(/\u00a0(?=\s|$)/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * A medicine in a list of doses (My Medicine's daily plan, the dashboard's today): its name, and the
 * dose's amount and unit when its posology gives them ('Aspirin: 1–2 Stk'); a medicine of daily times
 * takes one unit, said by its name alone.
 */
export function doseLabel(
  t: TFunction,
  lang: Language,
  name: string,
  dose: Pick<IntakeEntry['doses'][number], 'amount' | 'unit'> | undefined,
): string {
  if (!dose?.amount) return name;
  return t('doseLabel', {
    medicine: name,
    amount: phraseText(t, lang, amountPhrase(dose.amount, dose.unit ?? null)),
  });
}
