import shell from 'virtual:dosedot-texts/en-shell';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../lib/locale';
import type { Catalog } from './merge';
import type { TextGroup } from './parts';

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

/** The other groups, each loaded when first needed (each a chunk of its own). */
const groups: Record<Language, Partial<Record<TextGroup, () => Promise<{ default: Catalog }>>>> = {
  en: {
    core: () => import('virtual:dosedot-texts/en-core'),
    rest: () => import('virtual:dosedot-texts/en-rest'),
  },
  de: {
    shell: () => import('virtual:dosedot-texts/de-shell'),
    core: () => import('virtual:dosedot-texts/de-core'),
    rest: () => import('virtual:dosedot-texts/de-rest'),
  },
  fr: {
    shell: () => import('virtual:dosedot-texts/fr-shell'),
    core: () => import('virtual:dosedot-texts/fr-core'),
    rest: () => import('virtual:dosedot-texts/fr-rest'),
  },
};
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
      const load = groups[language][group];
      if (!loading && load) {
        loading = load().then((catalog) => {
          i18n.addResourceBundle(language, 'translation', catalog.default, true, false);
          added.add(key);
        });
        // Offline before it was cached: the next page that needs it tries again.
        loading.catch(() => adding.delete(key));
        adding.set(key, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** Every text of the language, and of any language this visit switches to next. */
function loadAllTexts(language: Language): Promise<void> {
  wanted = 'all';
  return loadTexts(language, 'all');
}

/** Whether the page language's texts up to `texts` are in. */
export function hasTexts(texts: Texts): boolean {
  const language = i18n.language as Language;
  return GROUPS[texts].every((group) => added.has(`${language}:${group}`));
}

void i18n.use(initReactI18next).init({
  // English's sign-in texts come with the app: the sign-in shows without waiting for texts.
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
    renderAgainWithAllTexts(i18n.language as Language);
  },
  // Meanwhile the text is blank rather than its key.
  parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? (hasTexts('all') ? key : ''),
});

/** The language whose missing texts are being loaded, to render the page again with them. */
let renderingAgain: Language | undefined;
/**
 * Loads the rest of the language's texts and then renders every component asking for texts again
 * (the language "changes" to itself), once for all the keys a render missed, and only if the page
 * is still in that language. Failed (offline): the next key missed tries again.
 */
function renderAgainWithAllTexts(language: Language): void {
  if (renderingAgain === language) return;
  renderingAgain = language;
  loadAllTexts(language).then(
    () => {
      renderingAgain = undefined;
      if (i18n.language === language) void i18n.changeLanguage(language);
    },
    () => {
      renderingAgain = undefined;
    },
  );
}

/**
 * Loads the language's texts a page needs (and as much as an earlier page asked for) and makes it
 * the page language.
 */
export async function activateLanguage(
  language: Language,
  { texts = 'all' }: { texts?: Texts } = {},
): Promise<void> {
  if (GROUPS[texts].length > GROUPS[wanted].length) wanted = texts;
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
  let stopped = false;
  const listen = () => {
    for (const type of events) window.addEventListener(type, use, true);
  };
  const unlisten = () => {
    for (const type of events) window.removeEventListener(type, use, true);
  };
  const use = () => {
    // On the sign-in (its texts came with the app) a tap loads nothing: the session brings its own.
    if (!hasTexts('core')) return;
    unlisten();
    // Failed (offline): the next tap tries again.
    loadAllTexts(i18n.language as Language).catch(() => {
      if (!stopped) listen();
    });
  };
  listen();
  return () => {
    stopped = true;
    unlisten();
  };
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
