import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../constants';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of our languages in a list of language tags, in the list's order ('de-CH' counts as
 * 'de'), else English. The browser's `navigator.languages` is such a list.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The best of our languages in an Accept-Language header: tags ordered by their q-value (a tag
 * without q counts 1; q=0 means "not this one"), ties kept in header order; else English.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const weighted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, index, weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickLanguage(weighted.map((t) => t.tag));
}
