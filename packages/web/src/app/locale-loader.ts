import { type LoaderFunctionArgs, redirect } from 'react-router';
import { paths } from '../config/paths';
import { activateLanguage, hasAllTexts } from '../i18n';
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
 * The pages that make do with the texts that come with the app (i18n/index.ts): the sign-in and its
 * neighbours. Every other page waits for all of its language's texts.
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
const needsAllTexts = (pathname: string): boolean => !SHELL_PAGES.includes(stripLocale(pathname).path);

/** The language's route loads again only to bring the rest of the texts to a page that needs them. */
export const reloadForTexts = ({ nextUrl }: { nextUrl: URL }): boolean =>
  !hasAllTexts() && needsAllTexts(nextUrl.pathname);

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
    await activateLanguage(locale, { all: needsAllTexts(new URL(request.url).pathname) });
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
    document.cookie = localeCookie(locale);
    return null;
  };
}
