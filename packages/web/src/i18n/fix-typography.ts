import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from './merge';
import { fixTypography, type Lang } from './typography';

/*
 * Applies docs/writing.md's typography to every catalog part in place: apostrophes, French spaces,
 * the ellipsis. Words are never changed. Run: npm run i18n:typography -w @dosedot/web
 */

const fix = (catalog: Catalog, lang: Lang): Catalog =>
  Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [
      key,
      typeof value === 'string' ? fixTypography(value, lang) : fix(value, lang),
    ]),
  );

for (const lang of ['en', 'de', 'fr'] as const) {
  const dir = path.join(import.meta.dirname, lang);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    const before = readFileSync(file, 'utf8');
    const after = `${JSON.stringify(fix(JSON.parse(before) as Catalog, lang), null, 2)}\n`;
    if (after !== before) {
      writeFileSync(file, after);
      console.log(`fixed ${lang}/${name}`);
    }
  }
}
