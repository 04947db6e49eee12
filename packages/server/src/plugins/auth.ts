import { hasHealthDataAccess, type Principal } from '@dosedot/domain';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../db/types';
import { findActiveUserById } from '../features/auth/queries';
import { unauthorized } from '../lib/errors';

/** The signed-in user of a request: the row, loaded once per request, and what the policies read. */
export interface CurrentUser extends Principal {
  id: number;
  email: string;
  row: User;
}

interface TokenPayload {
  sub: string;
  /** The user's token version when signed: a password reset bumps it and old tokens die. */
  tv: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless a valid, current bearer token is sent; sets request.currentUser. */
    authenticate: (request: FastifyRequest) => Promise<CurrentUser>;
    signToken: (user: { id: number; token_version: number }) => string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const TOKEN_LIFETIME = '7d';

/** The signed-in user of a route in a signed-in scope (plugins/access.ts). */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { jwtSecret, healthDataEmails } = app.config;
    await app.register(fastifyJwt, {
      secret: jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', null);

    app.decorate('signToken', (user: { id: number; token_version: number }) =>
      app.jwt.sign({ sub: String(user.id), tv: user.token_version }),
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (request.currentUser) return request.currentUser;
      if (!request.headers.authorization) throw unauthorized('Missing authorization header');
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw unauthorized('Invalid or expired token');
      }
      const row = await findActiveUserById(app.db, Number(payload.sub));
      if (!row || row.token_version !== payload.tv) throw unauthorized('Invalid or expired token');
      const user: CurrentUser = {
        id: row.id,
        email: row.email,
        role: row.role,
        healthData: hasHealthDataAccess(row.email, healthDataEmails),
        row,
      };
      request.currentUser = user;
      return user;
    });
  },
  { name: 'dosedot-auth', dependencies: ['dosedot-context'] },
);
