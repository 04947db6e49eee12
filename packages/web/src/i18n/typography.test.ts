import { describe, expect, it } from 'vitest';
import { fixTypography, NBSP, NNBSP, typographyProblems } from './typography';

describe('catalog typography', () => {
  it('gives French its apostrophes, guillemets and no-break spaces', () => {
    const raw = 'Mot de passe oublié? Utilisez "Conditions d\'utilisation" : c\'est fait !';
    const fixed = fixTypography(raw, 'fr');
    expect(fixed).toBe(
      `Mot de passe oublié${NNBSP}? Utilisez «${NNBSP}Conditions d’utilisation${NNBSP}»${NBSP}: c’est fait${NNBSP}!`,
    );
    expect(typographyProblems(raw, 'fr').length).toBeGreaterThan(0);
    expect(typographyProblems(fixed, 'fr')).toEqual([]);
    // Fixing twice changes nothing more.
    expect(fixTypography(fixed, 'fr')).toBe(fixed);
  });

  it('names each French mistake', () => {
    expect(typographyProblems("Vue d'ensemble", 'fr')).toEqual(["a straight apostrophe ' instead of ’"]);
    expect(typographyProblems('Oups !', 'fr')).toEqual(['no narrow no-break space before “!”']);
    expect(typographyProblems('Oups!', 'fr')).toEqual(['no narrow no-break space before “!”']);
    expect(typographyProblems(`Heures${NNBSP}: 8:00`, 'fr')).toEqual([]);
    expect(typographyProblems(`«Aide${NNBSP}»`, 'fr')).toEqual(['no narrow no-break space after “«”']);
  });

  it('keeps the straight apostrophe in English, as the spec writes it, and the ellipsis everywhere', () => {
    expect(typographyProblems("Sorry we can't seem to find the page you're looking for.", 'en')).toEqual([]);
    expect(typographyProblems('Each medicine’s history', 'en')).toHaveLength(1);
    expect(fixTypography('Each medicine’s history...', 'en')).toBe("Each medicine's history…");
    expect(typographyProblems("Geht's?", 'de')).toHaveLength(1);
    expect(fixTypography("Geht's...", 'de')).toBe('Geht’s…');
  });

  it('writes German the Swiss way: ss, never ß', () => {
    expect(typographyProblems('Die Datei ist zu groß.', 'de')).toEqual(['ß where Swiss spelling writes ss']);
    expect(fixTypography('Schließen, außerhalb, Größe', 'de')).toBe('Schliessen, ausserhalb, Grösse');
    expect(typographyProblems('Grösse', 'de')).toEqual([]);
    // Only German: a French or English text keeps what it has.
    expect(typographyProblems('Straße', 'fr')).toEqual([]);
  });
});
