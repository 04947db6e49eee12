import { createSigner, createVerifier } from 'fast-jwt';

/** What a login token says: the user and their token version when it was signed. */
export interface TokenClaims {
  sub: string;
  /** A password reset bumps the user's version, and every older token dies. */
  tv: number;
  exp: number;
}

export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const TOKEN_CACHE_SIZE = 10_000;

/**
 * HS256 login tokens, 7 days. Verified tokens are kept in a bounded map (the oldest goes first),
 * so a repeated call skips the HMAC and the decoding; an entry is never used past the token's
 * expiry. Whether the token's version is still the user's is checked by the caller on every call.
 */
export function createTokens(secret: string, cacheSize = TOKEN_CACHE_SIZE) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new Map<string, TokenClaims>();

  return {
    sign: (user: { id: number; token_version: number }): string =>
      sign({ sub: String(user.id), tv: user.token_version }),

    /** The claims of a valid, unexpired token; undefined for anything else. */
    verify(token: string, now = Date.now()): TokenClaims | undefined {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > now) return hit;
        verified.delete(token);
        return undefined;
      }
      let claims: TokenClaims;
      try {
        claims = verify(token) as TokenClaims;
      } catch {
        return undefined;
      }
      if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number' || typeof claims.exp !== 'number')
        return undefined;
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
