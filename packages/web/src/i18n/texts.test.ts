import { describe, expect, it, vi } from 'vitest';
import { activateLanguage, hasTexts, i18n } from './index';

// activateLanguage sets the page's language and direction on the document.
vi.stubGlobal('document', { documentElement: {} });

/*
 * The groups of the catalogs a page waits for (./parts.ts, i18n/index.ts, app/locale-loader.ts): the
 * sign-in's (in English they come with the app), the dashboard and My Medicine also their first
 * screens', every other page all. The tests share the module's state, in order.
 */
describe('the texts a page waits for', () => {
  it("start with English's sign-in texts: a first screen's text is not there yet", () => {
    expect(hasTexts('shell')).toBe(true);
    expect(hasTexts('core')).toBe(false);
    expect(i18n.t('auth.signin.title')).toBe('Sign in');
    expect(i18n.getResource('en', 'translation', 'pages.myMedicine.title')).toBeUndefined();
  });

  it("are a patient's first screens' group for the dashboard and My Medicine, without the rest", async () => {
    await activateLanguage('en', { texts: 'core' });
    expect(hasTexts('core')).toBe(true);
    expect(hasTexts('all')).toBe(false);
    expect(i18n.t('pages.myMedicine.title')).toBe('My Medicine');
    expect(i18n.t('caregiving.bannerLabel')).toBe('Caregiver view');
  });

  it('take a text with a default of its own as it is, without loading anything', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(i18n.t('medicines.units.xyz', { defaultValue: 'xyz' })).toBe('xyz');
    expect(warn).not.toHaveBeenCalled();
    expect(hasTexts('all')).toBe(false);
    warn.mockRestore();
  });

  it('load the rest when a text outside those groups is asked for: blank meanwhile, then the text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rendered = vi.fn();
    i18n.on('languageChanged', rendered);
    expect(i18n.t('pages.profile.title')).toBe('');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('pages.profile.title'));
    await vi.waitFor(() => expect(hasTexts('all')).toBe(true));
    expect(i18n.t('pages.profile.title')).toBe('Profile');
    // The components render again (react-i18next follows the language).
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledWith('en'));
    i18n.off('languageChanged', rendered);
    warn.mockRestore();
  });

  it('come in the same groups in German, up to what this visit has asked for', async () => {
    // This visit has asked for every text (the late key above): German comes whole.
    await activateLanguage('de', { texts: 'shell' });
    expect(hasTexts('all')).toBe(true);
    expect(i18n.t('pages.profile.title')).toBe('Profil');
    // A key no catalog has stays its key once every text is in.
    expect(i18n.t('pages.nothing.here')).toBe('pages.nothing.here');
  });
});
