import { createHash, timingSafeEqual } from 'node:crypto';
import { POLICIES, type Policy } from '@dosedot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthorized } from './lib/errors';
import type { CurrentUser } from './plugins/auth';

/**
 * The access scopes of the API: the one place that says who may call what. Every route sits in
 * exactly one scope (app.ts registers each feature's route plugins under theirs), so a route's
 * access reads from where it is registered. The user policies are the domain's, mirrored by the web.
 *
 * - public: anyone (sign-in, registration, liveness)
 * - signedIn / admin / healthData: a valid, current bearer token, then the domain policy (403 otherwise)
 * - ingest: the network servers' shared secret (INGEST_TOKEN), compared in constant time
 */
export type AccessScope = 'public' | 'ingest' | Policy;

/** Throws (or rejects) when the caller may not; answers at once when it can decide at once. */
export type AccessCheck = (app: FastifyInstance, request: FastifyRequest) => void | Promise<void>;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

const userPolicy = (policy: Policy): AccessCheck => {
  const allow = (user: CurrentUser) => {
    if (!POLICIES[policy](user)) throw forbidden('You are not allowed to do this');
  };
  return (app, request) => {
    const user = app.authenticateNow(request);
    return user instanceof Promise ? user.then(allow) : allow(user);
  };
};

const adminPolicy = userPolicy('admin');

/** REQUIRE_ADMIN_2FA: what an administrator without two-factor sign-in gets from every admin call. */
export const ADMIN_2FA_MESSAGE =
  'Administrators must turn on two-factor sign-in first: open Profile, then Security (/profile/security)';

/**
 * The admin policy, and with REQUIRE_ADMIN_2FA an administrator without two-factor sign-in gets 403
 * (details.reason 'two_factor_required') until they turn it on (decision 0008).
 */
const admin: AccessCheck = async (app, request) => {
  await adminPolicy(app, request);
  if (request.currentUser) requireAdminSecondFactor(app, request.currentUser);
};

/** With REQUIRE_ADMIN_2FA, 403 for an administrator without two-factor sign-in (the admin scope and the door). */
export function requireAdminSecondFactor(app: FastifyInstance, user: CurrentUser): void {
  if (app.config.requireAdmin2fa && user.row.two_factor !== 1)
    throw new HttpError(403, 'ForbiddenError', ADMIN_2FA_MESSAGE, { reason: 'two_factor_required' });
}

/**
 * The ingest token's hash, computed once per token (not again on every uplink). The given token's
 * hash is compared with it in constant time: equal-length buffers whatever the lengths of the secrets.
 */
let ingestTokenHash: { token: string; hash: Buffer } | undefined;

/** Decided at once (no promise): each uplink is a request, and a rejection costs a trip through the microtasks. */
const ingest: AccessCheck = (app, request) => {
  const expected = app.config.ingestToken;
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (!expected) throw unauthorized('Ingestion is not configured: set INGEST_TOKEN');
  if (ingestTokenHash?.token !== expected) ingestTokenHash = { token: expected, hash: sha256(expected) };
  if (!given || !timingSafeEqual(sha256(given), ingestTokenHash.hash))
    throw unauthorized('Invalid ingestion token');
};

export const ACCESS: Record<AccessScope, AccessCheck | null> = {
  public: null,
  signedIn: userPolicy('signedIn'),
  admin,
  healthData: userPolicy('healthData'),
  cumulativeChart: userPolicy('cumulativeChart'),
  ingest,
};
