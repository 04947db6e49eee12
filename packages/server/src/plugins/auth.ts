import type { Role } from '@dosedot/domain';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';

/** The signed-in user of a request, loaded fresh from the database on every call. */
export interface CurrentUser {
  id: number;
  email: string;
  role: Role;
  healthData: boolean;
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
    /** preHandler: 401 unless a valid, current bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: 403 unless the signed-in user has the role. */
    requireRole: (role: Role) => (request: FastifyRequest) => Promise<void>;
    signToken: (user: { id: number; token_version: number }) => string;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const TOKEN_LIFETIME = '7d';

/** The signed-in user of a route behind `app.authenticate`. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; healthDataEmails: string[] }) => {
    await app.register(fastifyJwt, {
      secret: opts.secret,
      sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME },
      verify: { algorithms: ['HS256'] },
    });
    app.decorateRequest('currentUser', null);

    app.decorate('signToken', (user: { id: number; token_version: number }) =>
      app.jwt.sign({ sub: String(user.id), tv: user.token_version }),
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('Missing authorization header');
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw unauthorized('Invalid or expired token');
      }
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'token_version', 'blocked'])
        .where('id', '=', Number(payload.sub))
        .executeTakeFirst();
      if (!user || user.blocked || user.token_version !== payload.tv)
        throw unauthorized('Invalid or expired token');
      request.currentUser = {
        id: user.id,
        email: user.email,
        role: user.role,
        healthData: opts.healthDataEmails.includes(user.email.toLowerCase()),
      };
    });

    app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
      if (!request.currentUser) throw unauthorized();
      if (request.currentUser.role !== role) throw forbidden('You are not allowed to do this');
    });
  },
  { name: 'dosedot-auth', dependencies: ['dosedot-db'] },
);
