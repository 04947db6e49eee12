import { hasHealthDataAccess, type Principal } from '@dosedot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readNow } from '../db';
import type { User } from '../db/types';
import { findActiveUserById } from '../features/auth/queries';
import { isSessionEnded } from '../features/sessions/queries';
import { unauthorized } from '../lib/errors';
import { createTokens, type TokenClaims } from '../lib/tokens';

/** The signed-in user of a request: the row, loaded once per request, and what the policies read. */
export interface CurrentUser extends Principal {
  id: number;
  email: string;
  row: User;
  /** The session of the request's token (a logout ends it; decision 0002). */
  sessionId: string;
  /** When the request's token expires (epoch ms). */
  tokenExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless a valid, current bearer token is sent; sets request.currentUser. */
    authenticate: (request: FastifyRequest) => Promise<CurrentUser>;
    /**
     * `authenticate`, answering at once when the user's row is in memory (the hot path): a value,
     * a promise, or a thrown 401.
     */
    authenticateNow: (request: FastifyRequest) => CurrentUser | Promise<CurrentUser>;
    /** A token of the user for `sessionId`, or for a new session when none is given. */
    signToken: (user: { id: number; token_version: number }, sessionId?: string) => string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

/** The signed-in user of a route in a signed-in scope (plugins/access.ts). */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { jwtSecret, healthDataEmails } = app.config;
    const tokens = createTokens(jwtSecret);
    app.decorateRequest('currentUser', null);
    app.decorate('signToken', tokens.sign);

    const INVALID = 'Invalid or expired token';

    const signedIn = (request: FastifyRequest, row: User, claims: TokenClaims): CurrentUser => {
      const user: CurrentUser = {
        id: row.id,
        email: row.email,
        role: row.role,
        healthData: hasHealthDataAccess(row.email, healthDataEmails, row.confirmed === 1),
        row,
        sessionId: claims.sid,
        tokenExpiresAt: claims.exp * 1000,
      };
      request.currentUser = user;
      return user;
    };

    /** The token's session, unless the user row or a logout ended it. */
    const checkSession = (
      request: FastifyRequest,
      row: User | undefined,
      claims: TokenClaims,
    ): CurrentUser | Promise<CurrentUser> => {
      // The current token version, or the one session kept when the others were ended.
      if (!row || (row.token_version !== claims.tv && row.kept_session !== claims.sid))
        throw unauthorized(INVALID);
      // From memory too while ended_sessions is unchanged: a logout anywhere (on PostgreSQL, on
      // any server copy: the table has the change trigger) drops the kept answers.
      const ended = readNow(app.db, `session-ended:${claims.sid}`, () => isSessionEnded(app.db, claims.sid));
      if (ended instanceof Promise)
        return ended.then((e) => {
          if (e) throw unauthorized(INVALID);
          return signedIn(request, row, claims);
        });
      if (ended) throw unauthorized(INVALID);
      return signedIn(request, row, claims);
    };

    const authenticateNow = (request: FastifyRequest): CurrentUser | Promise<CurrentUser> => {
      if (request.currentUser) return request.currentUser;
      const header = request.headers.authorization;
      if (!header) throw unauthorized('Missing authorization header');
      const claims = header.startsWith('Bearer ') ? tokens.verify(header.slice(7)) : undefined;
      if (!claims) throw unauthorized(INVALID);
      // Read on every call: a blocked account or a bumped token version is out at once.
      // From memory while the users table is unchanged (db/read-cache.ts): a write to it, such as
      // a bumped version or a blocked account, drops the cached row before the next request.
      const id = Number(claims.sub);
      const row = readNow(app.db, `active-user:${id}`, () => findActiveUserById(app.db, id));
      if (row instanceof Promise) return row.then((r) => checkSession(request, r, claims));
      // An unconfirmed address is read from the database, not from memory: confirming is the write
      // that grants (My Health Data, the first administrator) and the owner acts on it at once, maybe
      // on another server copy that has not heard the change notification yet (decision 0004).
      if (row && row.confirmed !== 1)
        return findActiveUserById(app.db, id).then((r) => checkSession(request, r, claims));
      return checkSession(request, row, claims);
    };

    app.decorate('authenticateNow', authenticateNow);
    app.decorate('authenticate', async (request: FastifyRequest) => authenticateNow(request));
  },
  { name: 'dosedot-auth', dependencies: ['dosedot-context'] },
);
