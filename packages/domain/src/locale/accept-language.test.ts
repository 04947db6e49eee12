import { describe, expect, it } from 'vitest';
import { isLanguage, languageFromAcceptLanguage, pickLanguage } from './accept-language';

describe('pickLanguage', () => {
  it('takes the first supported base language in order', () => {
    expect(pickLanguage(['it-CH', 'fr-CH', 'de'])).toBe('fr');
    expect(pickLanguage(['DE-ch'])).toBe('de');
  });
  it('falls back to English', () => {
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage(['it', 'es'])).toBe('en');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('reads a plain header', () => {
    expect(languageFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de');
  });
  it('honours q-values over header order', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, fr;q=0.9')).toBe('fr');
  });
  it('skips tags refused with q=0 and unsupported ones', () => {
    expect(languageFromAcceptLanguage('fr;q=0, it, de;q=0.3')).toBe('de');
  });
  it('falls back to English on an empty or missing header', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
  });
});

describe('isLanguage', () => {
  it('knows exactly en, de and fr', () => {
    expect(['en', 'de', 'fr', 'it', 1, null].map(isLanguage)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
