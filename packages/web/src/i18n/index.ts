import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../lib/locale';
import { type Catalog, mergeCatalogs } from './merge';

/** English is bundled (default and fallback); German and French load when first needed. */
const en = mergeCatalogs(import.meta.glob<Catalog>('./en/*.json', { eager: true, import: 'default' }));
const catalogs: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  de: () => import('./de'),
  fr: () => import('./fr'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'de', 'fr'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

async function loadCatalog(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const catalog = await catalogs[language]();
    i18n.addResourceBundle(language, 'translation', catalog.default);
  }
}

/** Loads the language's catalog when needed and makes it the page language. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  // Arabic would flip to right-to-left (spec section 9); our three languages are left-to-right.
  document.documentElement.dir = i18n.dir(language);
}

/**
 * A text in the given language, its catalog loaded first: for a message that may come before the
 * page's language is active (a call answering while the locale route's loader still loads it).
 */
export async function translateIn(language: Language, key: string): Promise<string> {
  await loadCatalog(language);
  return i18n.getFixedT(language)(key);
}

export { i18n };
