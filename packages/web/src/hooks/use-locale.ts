import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type Language, localize, stripLocale } from '../lib/locale';

/** The language of the current URL (no prefix = English). */
export function useLocale(): Language {
  return stripLocale(useLocation().pathname).locale;
}

/** Turns an app path into the same path in the current language. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localize(path, locale), [locale]);
}
