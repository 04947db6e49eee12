import { describe, expect, it, vi } from 'vitest';
import { activateLanguage, hasTexts, i18n } from './index';

// activateLanguage sets the page's language and direction on the document.
vi.stubGlobal('document', { documentElement: {} });

/* German's groups (./parts.ts) load as English's do: a visit that starts on the sign-in waits for its
 * texts only. The tests share the module's state, in order (./texts.test.ts: English). */
describe('the German texts a page waits for', () => {
  it("are the sign-in's only on the sign-in", async () => {
    await activateLanguage('de', { texts: 'shell' });
    expect(hasTexts('shell')).toBe(true);
    expect(hasTexts('core')).toBe(false);
    expect(i18n.t('auth.signin.title')).toBe('Anmelden');
  });

  it("then a patient's first screens' for the dashboard and My Medicine", async () => {
    await activateLanguage('de', { texts: 'core' });
    expect(hasTexts('core')).toBe(true);
    expect(hasTexts('all')).toBe(false);
    expect(i18n.t('pages.myMedicine.title')).toBe('Meine Medikamente');
  });

  it('keep the language switched to while a missed text loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A German text outside the groups loaded: the rest of German loads, then the page renders again…
    expect(i18n.t('pages.profile.title')).toBe('');
    // …but the person has switched to English meanwhile: the page stays English.
    await activateLanguage('en', { texts: 'core' });
    await vi.waitFor(() =>
      expect(i18n.getResource('de', 'translation', 'pages.profile.title')).toBe('Profil'),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(i18n.language).toBe('en');
    warn.mockRestore();
  });

  it('and every text for any other page', async () => {
    await activateLanguage('de', { texts: 'all' });
    expect(hasTexts('all')).toBe(true);
    expect(i18n.t('pages.profile.title')).toBe('Profil');
  });
});
