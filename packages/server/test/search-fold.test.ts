import { containsPattern, foldForSearch } from '@dosedot/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase } from './context';

const NAMES = [
  'Müller',
  'MÜLLER',
  'Zoë Ångström',
  'François Lefèvre',
  'Straße  Weiß',
  'Łukasz Dąbrowski',
  'Søren Øster',
  'Đorđe Šćepanović',
  'Çağla Yılmaz',
  'Anna-Lena  O’Brien',
  '70B3D57ED0041A2B',
];

/* The SQL function dosedot_fold is the domain's foldForSearch on both engines (issue 24 item 3). */
describe.each(ENGINES)('dosedot_fold on %s', (engine) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase(engine);
  });
  afterAll(async () => fresh?.drop());

  it.each(NAMES)('folds %s as the domain does', async (name) => {
    const { rows } = await sql<{ folded: string }>`select dosedot_fold(${name}) as folded`.execute(fresh.db);
    expect(rows[0]?.folded).toBe(foldForSearch(name));
  });

  it('finds an accented name by its plain spelling and the other way round', async () => {
    const hit = async (text: string, term: string) => {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n where dosedot_fold(${text}) like ${containsPattern(term)} escape '\\'`.execute(
        fresh.db,
      );
      return Number(rows[0]?.n);
    };
    expect(await hit('Müller', 'muller')).toBe(1);
    expect(await hit('Muller', 'Müller')).toBe(1);
    expect(await hit('Zoë', 'ZOE')).toBe(1);
    expect(await hit('Zoë', 'zoa')).toBe(0);
    expect(await hit('100%', '0%')).toBe(1);
    expect(await hit('1000', '0%')).toBe(0);
  });
});
