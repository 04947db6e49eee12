import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type OidcErrorCode,
  splitFullName,
} from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { AppConfig, OidcProviderConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { fieldError, validationError } from '../../lib/errors';
import { SCRYPT } from '../../lib/passwords';
import { audit } from '../audit';
import { beginSecondStep, findActiveUserById, findUserByEmail, findUserById, insertAccount } from '../auth';
import type { OidcClients } from './clients';
import { browserValue, FLOW_LIFETIME_MS, openFlow, type SignInFlow, sealFlow } from './flow-cookie';
import {
  consumeSignInCode,
  findIdentity,
  insertIdentity,
  insertSignInCode,
  markConfirmed,
  touchIdentity,
} from './queries';

/** The success page must exchange its code within this time. */
export const SIGN_IN_CODE_LIFETIME_MS = 2 * 60 * 1000;
export const SCOPES = 'openid email profile';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A sign-in code is kept bound to the browser that started the flow: only that browser's value finds it. */
const boundCodeHash = (code: string, browser: string) => sha256(`${browser}:${code}`);

export interface OidcServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'jwtSecret' | 'defaultTimezone'>;
  clients: OidcClients;
  log: FastifyBaseLogger;
}

/**
 * Where a browser goes next, and the flow cookie to set (a value) or clear (null); the start also
 * sets the browser's value (flow-cookie.ts BROWSER_COOKIE).
 */
export interface Step {
  location: string;
  cookie: { value: string; maxAgeSeconds: number } | null;
  browser?: string;
}

class SignInRefused extends Error {
  constructor(
    readonly reason: OidcErrorCode,
    readonly email?: string | null,
    readonly userId?: number,
  ) {
    super(reason);
  }
}

/** A password hash that no password matches, verified at the same cost as a real one. */
const unusablePasswordHash = () =>
  `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`;

/** A path inside the app (the web checks it again), never another site. */
export const safePath = (value: string | undefined) =>
  value && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value) ? value : undefined;

const pathIn = (language: Language, path: string) =>
  language === DEFAULT_LANGUAGE ? path : `/${language}${path}`;

/** The provider's locale claim (de, de-CH, fr_FR) when it is one of ours. */
function languageOfLocale(locale: unknown): Language | undefined {
  const primary = typeof locale === 'string' ? locale.split(/[-_]/)[0]?.toLowerCase() : undefined;
  return isLanguage(primary) ? primary : undefined;
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** What a failed call to the provider means for the person signing in. */
export function reasonOf(err: unknown): OidcErrorCode {
  if (err instanceof SignInRefused) return err.reason;
  if (err instanceof client.AuthorizationResponseError)
    return err.error === 'access_denied'
      ? 'denied'
      : err.error === 'temporarily_unavailable'
        ? 'unavailable'
        : 'failed';
  if (err instanceof client.ResponseBodyError)
    return err.error === 'invalid_grant' ? 'code' : err.status >= 500 ? 'unavailable' : 'failed';
  if (err instanceof client.ClientError) {
    const inner = err.cause as { message?: string; cause?: { claim?: string } } | undefined;
    if (err.code === 'OAUTH_INVALID_RESPONSE' && inner?.message?.includes('"state"')) return 'state';
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && inner?.cause?.claim === 'nonce') return 'nonce';
    if (err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || err.code === 'OAUTH_RESPONSE_IS_NOT_JSON')
      return 'unavailable';
    return 'failed';
  }
  // fetch() failing (refused, DNS, TLS) is a TypeError; a timeout a DOMException.
  if (err instanceof TypeError || (err instanceof Error && ['TimeoutError', 'AbortError'].includes(err.name)))
    return 'unavailable';
  return 'failed';
}

/**
 * OpenID Connect sign-in (decision 0007): authorization code with PKCE, state and nonce through
 * openid-client; the first sign-in creates the account from the ID token's claims (confirmed
 * e-mail only), later ones find it by (issuer, subject). Every sign-in and failure is audited as
 * auth.login / auth.login_failed with details.method "oidc".
 */
export function createOidcService({ db, config, clients, log }: OidcServiceDeps) {
  const callbackUrl = (provider: OidcProviderConfig) =>
    `${config.appUrl}/api/auth/oidc/${provider.id}/callback`;

  async function refuse(
    reason: OidcErrorCode,
    provider: string,
    ip: string,
    language: Language,
    opts: { userId?: number; email?: string | null; err?: unknown } = {},
  ): Promise<Step> {
    log.warn(
      { provider, reason, err: opts.err instanceof Error ? opts.err.message : undefined },
      'provider sign-in refused',
    );
    await audit(db, {
      actorUserId: null,
      action: 'auth.login_failed',
      targetType: 'user',
      targetId: opts.userId,
      details: { method: 'oidc', provider, reason, ...(opts.email ? { email: opts.email } : {}) },
      ip,
    });
    return { location: `${pathIn(language, '/auth/signin')}?error=${reason}`, cookie: null };
  }

  /** The account of a verified sign-in: linked by (issuer, subject), or created on the first one. */
  async function accountFor(
    provider: OidcProviderConfig,
    claims: Record<string, unknown>,
    flow: SignInFlow,
    ip: string,
    now: number,
  ): Promise<User> {
    const issuer = String(claims.iss);
    const subject = String(claims.sub);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    const identity = await findIdentity(db, issuer, subject);
    if (identity) {
      const user = await findUserById(db, identity.user_id);
      if (!user) throw new SignInRefused('failed');
      if (user.blocked) throw new SignInRefused('blocked', user.email, user.id);
      await touchIdentity(db, identity.id, email, now);
      return user;
    }
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified || !email.includes('@')) throw new SignInRefused('email_unverified', email);
    // Never linked by e-mail alone: the same address at a provider is not proof of owning this account.
    const existing = await findUserByEmail(db, email);
    if (existing) throw new SignInRefused('account_exists', email, existing.id);

    const given = text(claims.given_name, 100);
    const family = text(claims.family_name, 100);
    const fullName = text(claims.name, 100) || [given, family].filter(Boolean).join(' ');
    const names = given || family ? { givenname: given, familyname: family } : splitFullName(fullName);
    const username = (fullName || text(claims.preferred_username, 100) || email.split('@')[0] || email).slice(
      0,
      100,
    );
    return inTransaction(db, async (trx) => {
      // Always a basic user: an administrator is made by the demo seed or by the first registration.
      const created = await insertAccount(
        trx,
        {
          username,
          email,
          passwordHash: unusablePasswordHash(),
          role: 'basic',
          givenname: names.givenname || username,
          familyname: names.familyname,
          language: languageOfLocale(claims.locale) ?? flow.language,
          timezone: config.defaultTimezone,
        },
        now,
      );
      await markConfirmed(trx, created.id);
      await insertIdentity(trx, { userId: created.id, issuer, subject, email }, now);
      await audit(trx, {
        actorUserId: created.id,
        action: 'auth.register',
        targetType: 'user',
        targetId: created.id,
        details: { method: 'oidc', provider: provider.id },
        ip,
      });
      return created;
    });
  }

  return {
    providers: () => clients.providers.map(({ id, name }) => ({ id, name })),

    /** The provider's authorization URL, and the flow cookie that the callback checks. */
    async start(
      providerId: string,
      query: { lang?: Language; redirect?: string },
      ip: string,
      browserCookie?: string,
    ): Promise<Step> {
      const language = query.lang ?? DEFAULT_LANGUAGE;
      const provider = clients.find(providerId);
      if (!provider) return refuse('unknown_provider', providerId, ip, language);
      let configuration: client.Configuration;
      try {
        configuration = await clients.configuration(provider);
      } catch (err) {
        return refuse('unavailable', provider.id, ip, language, { err });
      }
      const now = Date.now();
      const flow: SignInFlow = {
        provider: provider.id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        language,
        redirect: safePath(query.redirect),
        // The browser's value when it has one already (a sign-in in another tab keeps working).
        browser: browserValue(browserCookie) ?? randomBytes(32).toString('base64url'),
        expiresAt: now + FLOW_LIFETIME_MS,
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(provider),
        scope: SCOPES,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        ...(language === DEFAULT_LANGUAGE ? {} : { ui_locales: language }),
      });
      return {
        location: url.href,
        cookie: { value: sealFlow(config.jwtSecret, flow), maxAgeSeconds: FLOW_LIFETIME_MS / 1000 },
        browser: flow.browser,
      };
    },

    /**
     * The provider's redirect back: checks state, PKCE and nonce and exchanges the code, then
     * finds or creates the account and sends the browser to the success page with a single-use
     * code in the URL fragment (never sent to a server, so never in a log). Any failure goes to the
     * sign-in page with ?error=<reason>, and nothing is created.
     */
    async callback(
      providerId: string,
      search: string,
      cookie: string | undefined,
      ip: string,
    ): Promise<Step> {
      const now = Date.now();
      const flow = openFlow(config.jwtSecret, cookie, now);
      const language = flow?.language ?? DEFAULT_LANGUAGE;
      const provider = clients.find(providerId);
      if (!provider) return refuse('unknown_provider', providerId, ip, language);
      // No cookie, an altered one, an expired one, or one of another provider: the state is unknown.
      if (!flow || flow.provider !== provider.id) return refuse('state', provider.id, ip, language);
      let user: User;
      try {
        const configuration = await clients.configuration(provider);
        const tokens = await client.authorizationCodeGrant(
          configuration,
          new URL(`${callbackUrl(provider)}${search}`),
          { expectedState: flow.state, expectedNonce: flow.nonce, pkceCodeVerifier: flow.verifier },
        );
        const idClaims = tokens.claims();
        if (!idClaims) throw new SignInRefused('failed');
        let claims: Record<string, unknown> = { ...idClaims };
        // Providers that keep the profile out of the ID token give it at the userinfo endpoint.
        if (
          (claims.email === undefined || claims.email_verified === undefined) &&
          configuration.serverMetadata().userinfo_endpoint
        ) {
          const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
        user = await accountFor(provider, claims, flow, ip, now);
      } catch (err) {
        const reason = reasonOf(err);
        return refuse(reason, provider.id, ip, language, {
          userId: err instanceof SignInRefused ? err.userId : undefined,
          email: err instanceof SignInRefused ? err.email : undefined,
          err: reason === 'failed' ? err : undefined,
        });
      }
      const redirect = flow.redirect ? `?redirect=${encodeURIComponent(flow.redirect)}` : '';
      const success = pathIn(language, '/auth/success') + redirect;
      // With two-factor sign-in the code from the app finishes it (decision 0008): the success page
      // hands the challenge to the sign-in page's second step; auth.login is written after the code.
      const challenge = await beginSecondStep(db, user, { method: `oidc:${provider.id}`, ip }, now);
      if (challenge) return { location: `${success}#mfa=${challenge.mfaToken}`, cookie: null };
      const code = randomBytes(32).toString('base64url');
      const signedIn = user;
      // The sign-in and the code that completes it commit together, or neither does.
      await inTransaction(db, async (trx) => {
        await audit(trx, {
          actorUserId: signedIn.id,
          action: 'auth.login',
          targetType: 'user',
          targetId: signedIn.id,
          details: { method: 'oidc', provider: provider.id, email: signedIn.email },
          ip,
        });
        await insertSignInCode(
          trx,
          {
            codeHash: boundCodeHash(code, flow.browser),
            userId: signedIn.id,
            expiresAt: now + SIGN_IN_CODE_LIFETIME_MS,
          },
          now,
        );
      });
      return { location: `${success}#oidc=${code}`, cookie: null };
    },

    /**
     * The success page's code for the user it signs in: once, within two minutes, and only in the
     * browser that started the flow (its BROWSER_COOKIE value); from any other browser the code is
     * unknown, and stays usable by its own.
     */
    async exchange(code: string, browserCookie: string | undefined): Promise<User> {
      const browser = browserValue(browserCookie);
      const userId =
        browser === undefined
          ? undefined
          : await consumeSignInCode(db, boundCodeHash(code, browser), Date.now());
      const user = userId === undefined ? undefined : await findActiveUserById(db, userId);
      if (userId !== undefined && !user)
        throw validationError('Your account has been blocked by an administrator');
      if (!user) throw fieldError('code', 'This sign-in link has expired or was already used');
      return user;
    },
  };
}
