import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { charactersOf, INTER_WEIGHTS, latinOriginal, latinRange, latinSubset } from '../../webfont';

/** Every character of the en, de and fr catalogs' texts. */
function catalogCharacters(): Set<string> {
  const chars = new Set<string>();
  for (const lang of ['en', 'de', 'fr']) {
    const dir = path.join(import.meta.dirname, lang);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const walk = (value: unknown): void => {
        if (typeof value === 'string') for (const c of value) chars.add(c);
        else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
      };
      walk(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
    }
  }
  return chars;
}

/** The theme's and the pages' font weights (`fontWeight: 600` and the like in src/). */
function weightsInUse(): number[] {
  const weights = new Set<number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
        for (const m of readFileSync(file, 'utf8').matchAll(/fontWeight:[^,}\n]*/g))
          for (const w of m[0].matchAll(/\b[1-9]00\b|\b650\b/g)) weights.add(Number(w[0]));
    }
  };
  walk(path.join(import.meta.dirname, '..'));
  return [...weights].sort((a, b) => a - b);
}

const faceOf = (sfnt: Buffer) => new hb.Face(new hb.Blob(sfnt));
/** The characters a font draws. */
const drawnBy = (face: hb.Face) => new Set([...face.collectUnicodes()].map((c) => String.fromCodePoint(c)));

describe("the webfont's smaller Latin file (webfont.ts, issue 23 item 12)", async () => {
  const original = latinOriginal();
  const range = charactersOf(latinRange());
  const face = faceOf(await latinSubset('sfnt'));
  const drawn = drawnBy(face);
  // fontsource's file over the same range, its weight axis whole: what Inter itself draws there.
  const inter = drawnBy(faceOf(await subsetFont(original, range, { targetFormat: 'sfnt' })));

  it('draws every character of the Latin range that the original file draws', () => {
    expect(inter.size).toBeGreaterThan(200);
    expect([...inter].filter((c) => !drawn.has(c))).toEqual([]);
    for (const c of 'AZaz09äöüÄÖÜßéèêëàâçîïôûùœŒÉÈÀÇ«»’‘“”„–—…€·') expect(drawn, c).toContain(c);
  });

  it('draws the English, German and French texts as the original does', () => {
    const latin = new Set(range);
    const used = [...catalogCharacters()].filter((c) => latin.has(c));
    expect(used.length).toBeGreaterThan(60);
    // What Inter lacks (the French narrow no-break space) the browser takes from the next font,
    // with the original file as with this one.
    expect(used.filter((c) => inter.has(c) && !drawn.has(c))).toEqual([]);
  });

  it('keeps the weight axis over every weight the pages use, and no more', () => {
    const wght = face.getAxisInfos().wght;
    expect(wght).toMatchObject({ min: INTER_WEIGHTS.min, max: INTER_WEIGHTS.max, default: 400 });
    const used = weightsInUse();
    expect(used).toContain(400);
    expect(used).toContain(800);
    for (const w of used) expect(w).toBeGreaterThanOrEqual(INTER_WEIGHTS.min);
    for (const w of used) expect(w).toBeLessThanOrEqual(INTER_WEIGHTS.max);
  });

  it('is a third smaller than the file it is made from', async () => {
    const woff2 = await latinSubset('woff2');
    expect(woff2.length).toBeLessThan(original.length * 0.75);
  });
});
