import { describe, expect, it } from 'vitest';
import { detectBrowserLanguage, localeCookie, localize, readLocaleCookie, stripLocale } from './locale';

describe('locale paths (prefix except default)', () => {
  it('adds no prefix for English and /de or /fr otherwise', () => {
    expect(localize('/dashboard', 'en')).toBe('/dashboard');
    expect(localize('/dashboard', 'de')).toBe('/de/dashboard');
    expect(localize('/', 'fr')).toBe('/fr');
    expect(localize('/', 'en')).toBe('/');
  });

  it('splits a pathname into language and path', () => {
    expect(stripLocale('/de/my-medicine/type-1')).toEqual({ locale: 'de', path: '/my-medicine/type-1' });
    expect(stripLocale('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(stripLocale('/dashboard')).toEqual({ locale: 'en', path: '/dashboard' });
    expect(stripLocale('/dex/page')).toEqual({ locale: 'en', path: '/dex/page' });
  });

  it('detects the first supported browser language', () => {
    expect(detectBrowserLanguage(['it-IT', 'fr-CH', 'de'])).toBe('fr');
    expect(detectBrowserLanguage(['DE-de'])).toBe('de');
    expect(detectBrowserLanguage(['it', 'es'])).toBe('en');
  });

  it('keeps the choice in the i18n_redirected cookie for 365 days', () => {
    expect(localeCookie('de')).toContain('i18n_redirected=de');
    expect(localeCookie('de')).toContain(`Max-Age=${365 * 86400}`);
    expect(readLocaleCookie('a=1; i18n_redirected=fr; b=2')).toBe('fr');
    expect(readLocaleCookie('i18n_redirected=xx')).toBeUndefined();
  });
});
