import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled } from '../src/db/precompiled';
import { ENGINES, freshDatabase, registerUser, useTestApp } from './context';

describe.each(ENGINES)('precompiled queries on %s', (engine) => {
  const t = useTestApp(engine);

  it('answer exactly what the built query answers, for every argument', async () => {
    const a = await registerUser(t.app, { username: 'Pia Pre' });
    const b = await registerUser(t.app, { username: 'Quinn Pre' });
    const byEmailAndId = precompiled(
      (db, email: string, id: number) =>
        db.selectFrom('users').select(['id', 'email']).where('email', '=', email).where('id', '=', id),
      ['\u0000sentinel-email', -1] as const,
    );
    for (const u of [a.user, b.user]) {
      const built = await t.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', u.email)
        .where('id', '=', u.id)
        .execute();
      expect(await byEmailAndId(t.db, u.email, u.id)).toEqual(built);
    }
    expect(await byEmailAndId(t.db, a.user.email, b.user.id)).toEqual([]);
  });

  it('works inside a transaction of the same engine', async () => {
    const { user } = await registerUser(t.app);
    const byId = precompiled(
      (db, id: number) => db.selectFrom('users').select('email').where('id', '=', id),
      [-5] as const,
    );
    const rows = await t.db.transaction().execute((trx) => byId(trx, user.id));
    expect(rows).toEqual([{ email: user.email }]);
  });

  it('refuses a sentinel that is not unique in the query', async () => {
    const bad = precompiled(
      (db, id: number) =>
        db.selectFrom('users').select('id').where('id', '=', id).where('token_version', '=', 0),
      [0] as const,
    );
    await expect(bad(t.db, 1)).rejects.toThrow(/sentinel/);
  });
});

describe('precompiled queries across databases', () => {
  let other: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    other = await freshDatabase('sqlite');
  });
  afterAll(async () => other?.drop());
  it('read the database they are given', async () => {
    const count = precompiled((db, id: number) => db.selectFrom('users').select('id').where('id', '>', id), [
      -7,
    ] as const);
    expect(await count(other.db, 0)).toEqual([]);
  });
});
