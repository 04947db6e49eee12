import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../lib/locale';
import { type Catalog, mergeCatalogs } from './merge';
import { groupOf, type TextGroup } from './parts';

/**
 * How many of its language's texts a page needs (./parts.ts): the sign-in's and its neighbours'
 * (`shell`), a patient's first screens' as well (`core`: the dashboard and My Medicine), or every
 * text (`all`).
 */
export type Texts = 'shell' | 'core' | 'all';
const GROUPS: Record<Texts, readonly TextGroup[]> = {
  shell: ['shell'],
  core: ['shell', 'core'],
  all: ['shell', 'core', 'rest'],
};
const LEVEL: Record<Texts, number> = { shell: 0, core: 1, all: 2 };

/** English's shell group comes with the app: the sign-in shows without waiting for texts. */
const shell = mergeCatalogs(
  import.meta.glob<Catalog>(['./en/common.json', './en/errors.json', './en/auth*.json'], {
    eager: true,
    import: 'default',
  }),
);
/** Every other part of every language, loaded when first needed (the build: one chunk per group). */
const partFiles = import.meta.glob<Catalog>(
  ['./*/*.json', '!./en/common.json', '!./en/errors.json', '!./en/auth*.json'],
  { import: 'default' },
);
/** The groups being added or added, as `<language>:<group>`. */
const adding = new Map<string, Promise<void>>();
/** Those added. */
const added = new Set<string>(['en:shell']);
/** The most any page of this visit has asked for: a later switch of language loads as much. */
let wanted: Texts = 'shell';

/** Adds the language's groups of texts up to `texts` (those not added yet, side by side). */
function loadTexts(language: Language, texts: Texts): Promise<void> {
  return Promise.all(
    GROUPS[texts].map((group) => {
      const key = `${language}:${group}`;
      if (added.has(key)) return undefined;
      let loading = adding.get(key);
      if (!loading) {
        const files = Object.entries(partFiles).filter(
          ([file]) => file.startsWith(`./${language}/`) && groupOf(file) === group,
        );
        loading = Promise.all(files.map(async ([file, load]) => [file, await load()] as const)).then(
          (loaded) => {
            i18n.addResourceBundle(
              language,
              'translation',
              mergeCatalogs(Object.fromEntries(loaded)),
              true,
              false,
            );
            added.add(key);
          },
        );
        // Offline before it was cached: the next page that needs it tries again.
        loading.catch(() => adding.delete(key));
        adding.set(key, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** Whether the page language's texts up to `texts` are in. */
export function hasTexts(texts: Texts): boolean {
  const language = i18n.language as Language;
  return GROUPS[texts].every((group) => added.has(`${language}:${group}`));
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: shell } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'de', 'fr'],
  interpolation: { escapeValue: false },
  initAsync: false,
  // A key not in the parts loaded so far (a page's text the parts above did not foresee): the rest
  // of the language's texts load, and the components render again once they are in. Tests see the
  // warning: on the pages that load part of the texts, no key may be missing.
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options) => {
    // A text with a default of its own (a unit without a translation) is not missing.
    if (hasTexts('all') || options?.defaultValue !== undefined) return;
    console.warn(`dosedot: text ${key} asked for before its part of the catalog was loaded`);
    const language = i18n.language as Language;
    wanted = 'all';
    // The language "changes" to itself: every component asking for texts renders again.
    void loadTexts(language, 'all').then(() => i18n.changeLanguage(language));
  },
  // Meanwhile the text is blank rather than its key.
  parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? (hasTexts('all') ? key : ''),
});

/**
 * Loads the language's texts a page needs (and as much as an earlier page asked for) and makes it
 * the page language.
 */
export async function activateLanguage(
  language: Language,
  { texts = 'all' }: { texts?: Texts } = {},
): Promise<void> {
  if (LEVEL[texts] > LEVEL[wanted]) wanted = texts;
  await loadTexts(language, wanted);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  // Arabic would flip to right-to-left (spec section 9); our three languages are left-to-right.
  document.documentElement.dir = i18n.dir(language);
}

/**
 * On a page with its first screens' texts only (the dashboard, My Medicine): the rest of them at the
 * person's first tap or key, for a dialog or the next page (the first screen did not wait for them,
 * and a look without a touch does not fetch them). Returns what stops listening.
 */
export function loadAllTextsOnFirstUse(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const stop = () => {
    for (const type of events) window.removeEventListener(type, use, true);
  };
  const use = () => {
    // On the sign-in (its texts came with the app) a tap loads nothing: the session brings its own.
    if (!hasTexts('core')) return;
    stop();
    wanted = 'all';
    void loadTexts(i18n.language as Language, 'all');
  };
  for (const type of events) window.addEventListener(type, use, true);
  return stop;
}

/**
 * A text in the given language, its catalog loaded first: for a message that may come before the
 * page's language is active (a call answering while the locale route's loader still loads it).
 */
export async function translateIn(language: Language, key: string): Promise<string> {
  await loadTexts(language, 'all');
  return i18n.getFixedT(language)(key);
}

export { i18n };
