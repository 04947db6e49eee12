import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../config/paths';
import { activateLanguage, hasTexts, type Texts } from '../i18n';
import {
  DEFAULT_LANGUAGE,
  detectBrowserLanguage,
  type Language,
  localeCookie,
  localize,
  readLocaleCookie,
  stripLocale,
} from '../lib/locale';

let firstVisit = true;

/**
 * The pages that make do with the sign-in's texts (the `shell` group of i18n/parts.ts; in English they
 * come with the app): the sign-in and its neighbours.
 */
const SHELL_PAGES: readonly string[] = [
  paths.home,
  paths.signIn,
  paths.signUp,
  paths.success,
  paths.forgotPassword,
  paths.resetPassword,
  paths.callback,
];
/**
 * The pages a patient opens most, which wait for their first screens' texts only (the `core` group of
 * i18n/parts.ts); the rest loads at the first tap or for the next page that needs it. Every other
 * page waits for all of its language's texts.
 */
const CORE_PAGES: readonly string[] = [
  paths.dashboard,
  paths.dashboardIndex2,
  paths.dashboardWeekly,
  paths.dashboardMonthly,
  paths.myMedicine,
  paths.myMedicineType1,
  paths.myMedicineType2,
];
export function textsFor(pathname: string): Texts {
  const { path } = stripLocale(pathname);
  if (SHELL_PAGES.includes(path)) return 'shell';
  return CORE_PAGES.includes(path) ? 'core' : 'all';
}

/** The language's route loads again only to bring the texts a page needs that are not in yet. */
export const reloadForTexts = ({ nextUrl }: { nextUrl: URL }): boolean =>
  !hasTexts(textsFor(nextUrl.pathname));

/**
 * Runs when a language's routes are entered. On the first page of a visit without a prefix, the
 * kept choice (cookie i18n_redirected) or else the browser language decides; afterwards the URL
 * does. The language is loaded, made the page language and kept in the cookie for 365 days.
 */
export function localeLoader(locale: Language) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (firstVisit) {
      firstVisit = false;
      if (locale === DEFAULT_LANGUAGE) {
        const preferred = readLocaleCookie(document.cookie) ?? detectBrowserLanguage(navigator.languages);
        if (preferred !== DEFAULT_LANGUAGE) {
          const url = new URL(request.url);
          throw redirect(`${localize(stripLocale(url.pathname).path, preferred)}${url.search}${url.hash}`);
        }
      }
    }
    await activateLanguage(locale, { texts: textsFor(new URL(request.url).pathname) });
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
    document.cookie = localeCookie(locale);
    return null;
  };
}
