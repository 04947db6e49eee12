import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/** What a login token says: the user, their token version when it was signed, and its session. */
export interface TokenClaims {
  sub: string;
  /** A password reset bumps the user's version, and every older token dies. */
  tv: number;
  /**
   * The session the token belongs to: made at sign-in, kept by the tokens issued for the same
   * session later (a password change). A logout ends it (ended_sessions, decision 0002).
   */
  sid: string;
  exp: number;
}

export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const TOKEN_CACHE_SIZE = 10_000;

/** A new session id: 16 random bytes, base64url (22 characters). */
export const newSessionId = () => randomBytes(16).toString('base64url');

/**
 * HS256 login tokens, 7 days. Verified tokens are kept in a bounded map (the oldest goes first),
 * so a repeated call skips the HMAC and the decoding; an entry is never used past the token's
 * expiry. Whether the token's version is still the user's, and its session not ended, is checked
 * by the caller on every call (plugins/auth.ts). A token without a session (signed before sessions
 * existed) is not valid.
 */
export function createTokens(secret: string, cacheSize = TOKEN_CACHE_SIZE) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new Map<string, TokenClaims>();

  return {
    /** A token of the user for the session `sessionId`, a new session when none is given. */
    sign: (user: { id: number; token_version: number }, sessionId: string = newSessionId()): string =>
      sign({ sub: String(user.id), tv: user.token_version, sid: sessionId }),

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
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.tv !== 'number' ||
        typeof claims.sid !== 'string' ||
        claims.sid.length === 0 ||
        claims.sid.length > 64 ||
        typeof claims.exp !== 'number'
      )
        return undefined;
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    },
  };
}
