import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isLanguage, type Language } from '@dosedot/domain';

/**
 * What the start of a provider sign-in keeps for its callback: state, nonce and the PKCE code
 * verifier, in a signed, HttpOnly cookie that lives ten minutes (no server-side session, so any
 * server copy can take the callback).
 */
export interface SignInFlow {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  language: Language;
  /** A path of the app to open after signing in (the sign-in page's ?redirect=). */
  redirect: string | undefined;
  /** The starting browser's value (BROWSER_COOKIE), which the sign-in code is bound to. */
  browser: string;
  expiresAt: number;
}

export const FLOW_COOKIE = 'dosedot_oidc';
export const FLOW_COOKIE_PATH = '/api/auth/oidc';
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The browser that starts a sign-in: a random value set at the start (HttpOnly, SameSite=Strict,
 * only under /api/auth/oidc), carried in the flow to the callback, which binds the single-use code
 * to it, and checked when the success page exchanges the code. A code opened in another browser
 * (a link someone was sent, to sign them in as someone else: login CSRF) finds nothing.
 */
export const BROWSER_COOKIE = 'dosedot_oidc_browser';
/** The flow's ten minutes and the code's two, with room to spare. */
export const BROWSER_LIFETIME_MS = 15 * 60 * 1000;
const BROWSER_VALUE = /^[\w-]{43}$/;

/** The browser's value when it has a well-formed one (kept, so two tabs' sign-ins both work). */
export const browserValue = (value: string | undefined) =>
  value && BROWSER_VALUE.test(value) ? value : undefined;

export function browserCookieHeader(value: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${BROWSER_COOKIE}=${value}`,
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const keyOf = (secret: string) => createHash('sha256').update(`dosedot-oidc-flow:${secret}`).digest();
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function sealFlow(secret: string, flow: SignInFlow): string {
  const body = Buffer.from(
    JSON.stringify([
      flow.provider,
      flow.state,
      flow.nonce,
      flow.verifier,
      flow.language,
      flow.redirect ?? '',
      flow.expiresAt,
      flow.browser,
    ]),
  ).toString('base64url');
  return `${body}.${sign(keyOf(secret), body)}`;
}

/** The flow of a cookie value, or undefined when it is missing, altered or expired. */
export function openFlow(secret: string, value: string | undefined, now: number): SignInFlow | undefined {
  const [body, mac, extra] = (value ?? '').split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(keyOf(secret), body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [provider, state, nonce, verifier, language, redirect, expiresAt, browser] = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof expiresAt !== 'number' || expiresAt <= now || !isLanguage(language)) return undefined;
    if (typeof browser !== 'string' || !browserValue(browser)) return undefined;
    const strings = [provider, state, nonce, verifier, redirect];
    if (!strings.every((s): s is string => typeof s === 'string')) return undefined;
    return {
      provider: String(provider),
      state: String(state),
      nonce: String(nonce),
      verifier: String(verifier),
      language,
      redirect: redirect ? String(redirect) : undefined,
      browser,
      expiresAt,
    };
  } catch {
    return undefined;
  }
}

/** The Set-Cookie header: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET). */
export function flowCookieHeader(value: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${FLOW_COOKIE}=${value}`,
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
