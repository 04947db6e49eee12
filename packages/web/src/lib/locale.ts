import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@dosedot/domain/constants';
import { isLanguage, pickLanguage } from '@dosedot/domain/locale';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** The cookie that keeps the chosen language (spec: i18n_redirected, 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

export { isLanguage };

/** A path in a language: no prefix for English (prefix-except-default), /de or /fr otherwise. */
export function localize(path: string, locale: Language): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Splits a pathname into its language and the path without prefix. */
export function stripLocale(pathname: string): { locale: Language; path: string } {
  const match = /^\/(de|fr)(\/.*)?$/.exec(pathname);
  if (match && isLanguage(match[1])) return { locale: match[1], path: match[2] ?? '/' };
  return { locale: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** The first supported language of the browser's list, else English (the domain's rule, as the server's). */
export const detectBrowserLanguage = (languages: readonly string[]): Language => pickLanguage(languages);

export function readLocaleCookie(cookie: string): Language | undefined {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}

export function localeCookie(locale: Language): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}
