import { describe, expect, it } from 'vitest';
import { containsPattern, foldForSearch } from './fold';

describe('foldForSearch', () => {
  it.each([
    ['Müller', 'muller'],
    ['MULLER', 'muller'],
    ['Zoë', 'zoe'],
    ['François', 'francois'],
    ['Straße', 'strasse'],
    ['  Anna   Beispiel ', 'anna beispiel'],
    ['Ångström', 'angstrom'],
    ['70B3D57ED0041A2B', '70b3d57ed0041a2b'],
  ])('%s → %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('finds the accented and the plain spelling with one pattern', () => {
    expect(foldForSearch('Zoë Müller')).toContain(foldForSearch('zoe mull'));
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards in the term', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
  it('folds the term', () => {
    expect(containsPattern('Müller')).toBe('%muller%');
  });
});
