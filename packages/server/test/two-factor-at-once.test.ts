import { describe, expect, it } from 'vitest';
import { authenticatorCode } from './authenticator';
import { ENGINES, registerUser, useTestApp } from './context';

/*
 * Setting two-factor sign-in up again (another tab, a second tap) while the first setup's code is
 * being confirmed: the user must end with two-factor on and the secret they scanned confirmed, or
 * with it off and a new setup waiting, never with it on and no confirmed secret (every sign-in
 * refused, recovery codes included).
 */
describe.each(ENGINES)('two-factor setup and confirmation at once on %s', (engine) => {
  const t = useTestApp(engine);
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('leaves two-factor on with the confirmed secret, or off with the new setup waiting', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await registerUser(t.app);
      const first = await post('/api/two-factor/setup', user.auth, { password: user.password });
      expect(first.statusCode, first.body).toBe(200);
      const { secret } = first.json().data as { secret: string };
      const [confirmed, again] = await Promise.all([
        post('/api/two-factor/confirm', user.auth, { code: authenticatorCode(secret) }),
        post('/api/two-factor/setup', user.auth, { password: user.password }),
      ]);
      const { two_factor } = await t.db
        .selectFrom('users')
        .select('two_factor')
        .where('id', '=', user.user.id)
        .executeTakeFirstOrThrow();
      const row = await t.db
        .selectFrom('two_factor_secrets')
        .select('confirmed_at')
        .where('user_id', '=', user.user.id)
        .executeTakeFirst();
      if (confirmed.statusCode === 200) {
        expect({ round, two_factor, confirmed: row?.confirmed_at != null, again: again.statusCode }).toEqual({
          round,
          two_factor: 1,
          confirmed: true,
          again: 409,
        });
      } else {
        expect({ round, two_factor, confirmed: row?.confirmed_at != null, again: again.statusCode }).toEqual({
          round,
          two_factor: 0,
          confirmed: false,
          again: 200,
        });
      }
    }
  });
});
