import { hasHealthDataAccess, type Principal } from '@dosedot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readNow } from '../db';
import type { User } from '../db/types';
import { findActiveUserById } from '../features/auth/queries';
import { unauthorized } from '../lib/errors';
import { createTokens } from '../lib/tokens';

/** The signed-in user of a request: the row, loaded once per request, and what the policies read. */
export interface CurrentUser extends Principal {
  id: number;
  email: string;
  row: User;
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
    signToken: (user: { id: number; token_version: number }) => string;
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

    const signedIn = (request: FastifyRequest, row: User | undefined, tv: number): CurrentUser => {
      if (!row || row.token_version !== tv) throw unauthorized('Invalid or expired token');
      const user: CurrentUser = {
        id: row.id,
        email: row.email,
        role: row.role,
        healthData: hasHealthDataAccess(row.email, healthDataEmails, row.confirmed === 1),
        row,
      };
      request.currentUser = user;
      return user;
    };

    const authenticateNow = (request: FastifyRequest): CurrentUser | Promise<CurrentUser> => {
      if (request.currentUser) return request.currentUser;
      const header = request.headers.authorization;
      if (!header) throw unauthorized('Missing authorization header');
      const claims = header.startsWith('Bearer ') ? tokens.verify(header.slice(7)) : undefined;
      if (!claims) throw unauthorized('Invalid or expired token');
      // Read on every call: a blocked account or a bumped token version is out at once.
      // From memory while the users table is unchanged (db/read-cache.ts): a write to it, such as
      // a bumped version or a blocked account, drops the cached row before the next request.
      const id = Number(claims.sub);
      const row = readNow(app.db, `active-user:${id}`, () => findActiveUserById(app.db, id));
      return row instanceof Promise
        ? row.then((r) => signedIn(request, r, claims.tv))
        : signedIn(request, row, claims.tv);
    };

    app.decorate('authenticateNow', authenticateNow);
    app.decorate('authenticate', async (request: FastifyRequest) => authenticateNow(request));
  },
  { name: 'dosedot-auth', dependencies: ['dosedot-context'] },
);
