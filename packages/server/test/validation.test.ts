import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../src/plugins/validation';
import { ENGINES, registerUser, useTestApp } from './context';

describe.each(ENGINES)('text with U+0000 on %s (issue 21)', (engine) => {
  const t = useTestApp(engine);

  it('is a 400 naming the field, never a database error', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'a\u0000b@example.test', password: 'whatever it is' },
    });
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json().error.details.errors).toEqual([
      expect.objectContaining({ path: ['identifier'], message: NUL_MESSAGE }),
    ]);

    const user = await registerUser(t.app);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: user.auth,
      payload: { givenname: 'Zo\u0000e' },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().error.details.errors[0].path).toEqual(['givenname']);
    const query = await t.app.inject({ url: '/api/adherence?from=2026-01-01%00', headers: user.auth });
    expect(query.statusCode).toBe(400);
  });
});
