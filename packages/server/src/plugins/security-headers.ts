import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Our content security policy: everything from our own origin, no frames, no plugins.
 * 'wasm-unsafe-eval' lets the page compile WebAssembly of our own origin (the eMediplan QR reader,
 * zxing-wasm); it allows no eval of JavaScript.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, computed once: they do not depend on the request, so running helmet's
 * middleware on every call (as @fastify/helmet does) only spends time.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  // A response that is never sent: helmet sets its headers on it as on any other.
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(options)(req, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** Every answer, API, page, asset or error, carries the security headers. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = computeSecurityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'dosedot-security-headers' },
);
