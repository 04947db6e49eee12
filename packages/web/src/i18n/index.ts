import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../lib/locale';
import { type Catalog, mergeCatalogs } from './merge';

/**
 * The English texts of the shell and the sign-in (common, errors, auth*) come with the app: the
 * sign-in shows without waiting for the others (issue 25 item 6). English's other texts and German
 * and French, whole, load when first needed.
 */
const shell = mergeCatalogs(
  import.meta.glob<Catalog>(['./en/common.json', './en/errors.json', './en/auth*.json'], {
    eager: true,
    import: 'default',
  }),
);
const catalogs: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import('./en'),
  de: () => import('./de'),
  fr: () => import('./fr'),
};
const loaded = new Set<Language>();
/** Whether a page beyond the sign-in's has asked for every text: a later switch to English loads them. */
let allWanted = false;

void i18n.use(initReactI18next).init({
  resources: { en: { translation: shell } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'de', 'fr'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Every text of the language (English's are added to the shell's). */
async function loadCatalog(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const catalog = await catalogs[language]();
  i18n.addResourceBundle(language, 'translation', catalog.default, true, false);
  loaded.add(language);
}

/**
 * Loads the language's texts when needed and makes it the page language. `all: false` (the sign-in
 * and its neighbours, in English) makes do with the texts that came with the app.
 */
export async function activateLanguage(language: Language, { all = true } = {}): Promise<void> {
  allWanted ||= all;
  if (language !== DEFAULT_LANGUAGE || allWanted) await loadCatalog(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  // Arabic would flip to right-to-left (spec section 9); our three languages are left-to-right.
  document.documentElement.dir = i18n.dir(language);
}

/** Whether the page language has every text (or the shell's only). */
export const hasAllTexts = (): boolean => loaded.has(i18n.language as Language);

/**
 * A text in the given language, its catalog loaded first: for a message that may come before the
 * page's language is active (a call answering while the locale route's loader still loads it).
 */
export async function translateIn(language: Language, key: string): Promise<string> {
  await loadCatalog(language);
  return i18n.getFixedT(language)(key);
}

export { i18n };
