import { describe, expect, it } from 'vitest';
import { seedFleet } from '../src/seed/fleet';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

/* The fleet seed (SEED_FLEET=N, seed/fleet.ts): N patients holding a box each and N free boxes. */
describe.each(ENGINES)('the fleet seed on %s', (engine) => {
  const t = useTestApp(engine, { env: { SEED_FLEET: '40' } });

  it('seeds N patients with a box each and N free boxes at start, varied enough for every filter', async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/sensory-summaries?${query}`, headers: a.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { meta: Record<string, number> & { pagination: { total: number } } };
    };
    const all = await list('');
    expect(all.meta).toMatchObject({ total: 80, unassigned: 40 });
    expect(all.meta.serviceNow).toBeGreaterThan(0);
    expect(all.meta.serviceSoon).toBeGreaterThan(0);
    expect(all.meta.silent).toBeGreaterThan(0);
    expect(all.meta.online).toBeGreaterThan(0);
    expect((await list('filters[assigned][$eq]=true')).meta.pagination.total).toBe(40);
    expect((await list('filters[battery][$lt]=10')).meta.pagination.total).toBeGreaterThan(0);
    // Müller and Muller alike, found by either spelling.
    const muller = await list('filters[holder][$containsi]=MULLER');
    expect(muller.meta.pagination.total).toBe(40);
    expect((await list('filters[holder][$containsi]=müller')).meta.pagination.total).toBe(40);
    expect((await list('filters[holder][$containsi]=zoe')).meta.pagination.total).toBe(2);

    const patients = await t.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['profiles.sensor_id', 'users.role'])
      .where('users.email', 'like', 'fleet.%')
      .execute();
    expect(patients).toHaveLength(40);
    expect(patients.every((p) => p.role === 'basic' && p.sensor_id !== null)).toBe(true);
  });

  it('seeds once: a second run creates nothing', async () => {
    expect(await seedFleet(t.db, { patients: 40, boxes: 40 })).toEqual({ patients: 0, boxes: 0 });
    const n = await t.db
      .selectFrom('sensors')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(80);
  });
});
