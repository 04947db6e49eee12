import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { createTokens, TOKEN_LIFETIME_MS } from './tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';

describe('login tokens', () => {
  it('sign and verify round-trip, with a 7-day lifetime', () => {
    const tokens = createTokens(SECRET);
    const claims = tokens.verify(tokens.sign({ id: 42, token_version: 3 }));
    expect(claims).toMatchObject({ sub: '42', tv: 3 });
    const payload = JSON.parse(
      Buffer.from(tokens.sign({ id: 1, token_version: 0 }).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect((payload.exp - payload.iat) * 1000).toBe(TOKEN_LIFETIME_MS);
  });

  it('refuses another secret, a tampered payload, another algorithm and garbage', () => {
    const tokens = createTokens(SECRET);
    const other = createTokens(`${SECRET}-other`).sign({ id: 1, token_version: 0 });
    expect(tokens.verify(other)).toBeUndefined();
    const [h, , s] = tokens.sign({ id: 1, token_version: 0 }).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '2', tv: 0, exp: 9_999_999_999 })).toString('base64url');
    expect(tokens.verify(`${h}.${forged}.${s}`)).toBeUndefined();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forged}.`;
    expect(tokens.verify(none)).toBeUndefined();
    expect(tokens.verify('not-a-token')).toBeUndefined();
  });

  it('refuses an expired token, also once it has been verified and kept', () => {
    const tokens = createTokens(SECRET);
    const token = tokens.sign({ id: 7, token_version: 0 });
    const claims = tokens.verify(token);
    expect(claims).toBeDefined();
    expect(tokens.verify(token, (claims?.exp ?? 0) * 1000 + 1)).toBeUndefined();
    const old = createSigner({
      key: SECRET,
      algorithm: 'HS256',
      expiresIn: 1000,
      clockTimestamp: Date.now() - 10_000,
    });
    expect(tokens.verify(old({ sub: '7', tv: 0 }))).toBeUndefined();
  });

  it('names a session in every token: a new one at sign-in, the given one when a session goes on', () => {
    const tokens = createTokens(SECRET);
    const first = tokens.verify(tokens.sign({ id: 5, token_version: 0 }));
    const second = tokens.verify(tokens.sign({ id: 5, token_version: 0 }));
    expect(first?.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second?.sid).not.toBe(first?.sid);
    expect(tokens.verify(tokens.sign({ id: 5, token_version: 1 }, first?.sid))).toMatchObject({
      sub: '5',
      tv: 1,
      sid: first?.sid,
    });
    // Signed before sessions existed (no sid): refused, so every token can be ended on its own.
    const legacy = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    expect(tokens.verify(legacy({ sub: '5', tv: 0 }))).toBeUndefined();
  });

  it('keeps at most the configured number of verified tokens and still verifies evicted ones', () => {
    const tokens = createTokens(SECRET, 2);
    const all = [1, 2, 3].map((id) => tokens.sign({ id, token_version: 0 }));
    for (const t of all) expect(tokens.verify(t)).toBeDefined();
    expect(tokens.verify(all[0] ?? '')).toMatchObject({ sub: '1' });
  });
});
