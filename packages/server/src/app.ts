import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { Agent } from 'node:https';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { createDb, type Db } from './db';
import { accountDataRoutes } from './features/account/routes';
import { adherenceRoutes } from './features/adherence/routes';
import { adminRoutes } from './features/admin/routes';
import { accountRoutes, authRoutes } from './features/auth/routes';
import { caregiverRoutes } from './features/caregivers/routes';
import { chartRoutes } from './features/charts/routes';
import { emediplanRoutes } from './features/emediplan/routes';
import { healthDataRoutes } from './features/health-data/routes';
import { impersonationRoutes } from './features/impersonation/routes';
import { mqttSubscriber } from './features/ingest/mqtt';
import { ingestPlugin } from './features/ingest/plugin';
import { ingestRoutes } from './features/ingest/routes';
import { simulatorPart } from './features/ingest/simulator';
import { medicineRoutes } from './features/medicines/routes';
import { oidcRoutes } from './features/oidc/routes';
import { profileImageRoutes, publicImageRoutes } from './features/profiles/images';
import { ownProfileRoutes, profileRoutes } from './features/profiles/routes';
import { refillRoutes } from './features/refills/routes';
import {
  createReminderService,
  reminderActionRoutes,
  reminderRoutes,
  reminderSchedulerPart,
} from './features/reminders';
import { sensorAdminRoutes, sensorRoutes } from './features/sensors/routes';
import { sessionRoutes } from './features/sessions/routes';
import { statusRoutes } from './features/status/routes';
import { storageAlertRoutes } from './features/storage-alerts/routes';
import { signInListRoutes, twoFactorRoutes, twoFactorSignInRoutes } from './features/two-factor/routes';
import { userAdminRoutes } from './features/users/routes';
import { databaseCounters, rateLimitStore } from './lib/counters';
import { errorNameFor, HttpError, tooManyRequests } from './lib/errors';
import { bufferedOutput } from './lib/log-destination';
import type { Mailer } from './lib/mailer';
import { scope } from './plugins/access';
import { answersPlugin } from './plugins/answers';
import { authPlugin } from './plugins/auth';
import { contextPlugin } from './plugins/context';
import { clientErrorResponse, registerErrorHandling, sendError } from './plugins/errors';
import { lifecyclePlugin } from './plugins/lifecycle';
import { operationsPlugin } from './plugins/operations';
import { lazyRequestLogger, OneLinePerRequest } from './plugins/request-log';
import { computeSecurityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { contractSerializer } from './plugins/serializer';
import { door } from './plugins/subject';
import { contractValidator } from './plugins/validation';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  config: AppConfig;
  /** A database the caller owns and closes (tests); otherwise the app opens one from the config. */
  db?: Db;
  mailer?: Mailer;
  /** The HTTPS agent for the browsers' push services (tests: one trusting their own push service). */
  pushAgent?: Agent;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is registered (tests list the route table: test/route-table.ts). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Builds the whole application without listening, so tests can inject requests: external plugins,
 * then app plugins (lifecycle, context, auth), then the routes of each access scope (policies.ts).
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // Logs go to stdout without blocking the event loop: many lines to a write, made off the loop once
  // 12 KB wait or every 100 ms (pino's buffered destination), and all of them out before the app closes.
  // A request's line names method, URL, address, status and time: never headers or bodies, so no
  // token or password can reach a log (and no redaction pass runs on every line).
  const logStream = opts.logger === undefined ? bufferedOutput() : undefined;
  const securityHeaders = computeSecurityHeaders();
  const logger = opts.logger ?? { level: config.logLevel, stream: logStream?.stream };
  const app = Fastify({
    logger,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // The start's parts (lifecycle.ts: migrations, the demo seed) take as long as they need: a
    // migration of a large database, or the start on a busy machine, ran past Fastify's 10 s and the
    // server exited. Whether a start is too slow is for the supervisor's health check to say.
    pluginTimeout: 0,
    trustProxy: trustProxyOption(config.trustProxy),
    // A request (headers and body) must arrive within the limit; a slow one ends with 408.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.timeouts.requestMs,
          headersTimeout: config.timeouts.headersMs,
          connectionsCheckingInterval: config.timeouts.checkEveryMs,
        },
        handler,
      ),
    clientErrorHandler(err, socket) {
      const answer = clientErrorResponse(err as { code?: string }, securityHeaders);
      if (answer && socket.writable) socket.end(answer);
      else socket.destroy();
    },
    frameworkErrors(error, _request, reply) {
      // A URL that cannot be decoded (/api/health%) and the like: the API's shape and headers too.
      reply.headers(securityHeaders);
      const status = 400;
      return sendError(
        reply,
        status,
        errorNameFor(status),
        error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message,
      );
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer(config.env === 'test'));
  registerErrorHandling(app);
  if (logStream) app.addHook('onClose', () => logStream.end());

  // External plugins.
  await app.register(securityHeadersPlugin);
  // gzip/brotli for answers over 1 KB: the web app's scripts travel compressed. Request bodies are
  // never taken compressed (no client of ours sends one, and a small gzip can unpack to gigabytes):
  // one sent anyway is refused like any body that is not JSON.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  // One store for every limit (per-address route limits, failed logins, mails): a table, so every
  // server copy on PostgreSQL counts the same attempts, and the same code on SQLite.
  const db = opts.db ?? createDb(config.database);
  const counters = databaseCounters(db);
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'DoseDot API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins: long-lived parts, the database/config/mailer context, authentication.
  await app.register(lifecyclePlugin);
  await app.register(contextPlugin, {
    config,
    db,
    ownsDb: !opts.db,
    counters,
    mailer: opts.mailer,
    pushAgent: opts.pushAgent,
  });
  await app.register(authPlugin);
  await app.register(answersPlugin);
  await app.register(operationsPlugin);
  // LoRaWAN ingestion: webhooks and the MQTT subscriber (when MQTT_URL is set) share one group commit.
  await app.register(ingestPlugin);
  if (config.mqttUrl)
    app.lifecycle.add(
      mqttSubscriber({ url: config.mqttUrl, ingest: app.ingest, log: app.log.child({ part: 'mqtt' }) }),
    );
  // SIMULATE=true (never in production): the demo boxes send uplinks into the ingestion.
  if (config.simulate)
    app.lifecycle.add(
      simulatorPart({ db: app.db, ingest: app.ingest, log: app.log.child({ part: 'simulator' }) }),
    );

  // Reminders and missed-dose alerts: a tick computes from the database what is due (issue 26).
  app.lifecycle.add(
    reminderSchedulerPart({
      service: createReminderService({
        db: app.db,
        mailer: app.mailer,
        push: app.push,
        appUrl: config.appUrl,
        log: app.log.child({ part: 'reminders' }),
      }),
      everyMs: config.reminderTickMs,
      log: app.log.child({ part: 'reminders' }),
    }),
  );

  // Routes, each in its access scope.
  await app.register(
    async (api) => {
      await api.register(
        scope(
          'public',
          statusRoutes,
          authRoutes,
          oidcRoutes,
          twoFactorSignInRoutes,
          publicImageRoutes,
          reminderActionRoutes,
        ),
      );
      await api.register(
        scope(
          'signedIn',
          accountRoutes,
          sessionRoutes,
          ownProfileRoutes,
          profileImageRoutes,
          twoFactorRoutes,
          caregiverRoutes,
        ),
      );
      // A patient's data, behind the one door (plugins/subject.ts): one's own, or the patient of an
      // administrator's open impersonation session, each access through a session audited.
      await api.register(
        scope(
          'signedIn',
          door(
            {},
            profileRoutes,
            medicineRoutes,
            refillRoutes,
            emediplanRoutes,
            adherenceRoutes,
            sensorRoutes,
            chartRoutes,
            storageAlertRoutes,
            reminderRoutes,
            accountDataRoutes,
          ),
          door({ subjectPolicy: 'healthData' }, healthDataRoutes),
        ),
      );
      await api.register(
        scope(
          'admin',
          adminRoutes,
          impersonationRoutes,
          sensorAdminRoutes,
          signInListRoutes,
          userAdminRoutes,
        ),
      );
      await api.register(scope('ingest', ingestRoutes));
      // The OpenAPI description generated from the zod contract: public while developing, for
      // administrators only in production.
      await api.register(
        scope(config.env === 'production' ? 'admin' : 'public', async (docs) => {
          docs.get('/docs', { schema: { hide: true } }, async () => app.swagger());
        }),
      );
    },
    { prefix: '/api' },
  );

  registerSpa(app, config.webDist, config.env === 'production');
  return app;
}

/** A hop count trusts the last N proxies (as Fastify does for a number); a list trusts those addresses. */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * The built web app for every non-/api path: hashed assets cached for a year, index.html never,
 * and index.html for any unknown path (history fallback) so the SPA router decides.
 */
function registerSpa(app: FastifyInstance, webDist: string | undefined, production: boolean) {
  const hasSpa = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (production) {
    // Source maps are built for debugging, never served in production (they give the source away).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.split('?')[0]?.endsWith('.map')) {
        sendError(reply, 404, errorNameFor(404), 'Not Found');
        return;
      }
      done();
    });
  }
  if (hasSpa) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes each asset brotli- and gzip-compressed at the highest levels beside it
      // (packages/web/vite.config.ts): sent as they are, smaller than a compression on the fly and
      // without spending the server's time on it. Without such a file, the compress plugin does it.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pagePreload = hasSpa ? pagePreloads(webDist) : new Map<string, string>();
  const bootPages = hasSpa ? bootScriptPages(webDist) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old hashed chunk after a new deployment) is a 404, never the page: the
    // browser then sees a failed load instead of HTML in place of a script.
    const missingFile = /\.[a-z0-9]+$/i.test(url) || url.startsWith('/assets/');
    if (url === '/api' || url.startsWith('/api/') || !wantsPage || missingFile) {
      return sendError(reply, 404, errorNameFor(404), `Route ${request.method} ${url} not found`);
    }
    if (!hasSpa) {
      throw new HttpError(404, 'NotFoundError', 'The web app is not built: run npm run build');
    }
    // The most opened pages' own chunks, asked for with the entry's instead of after it has run
    // (the build's page-preloads.json).
    const page = url.replace(LANGUAGE_PREFIX, '') || '/';
    const preload = pagePreload.get(page);
    if (preload) reply.header('link', preload);
    // The boot script only with the pages it asks for first reads on (the build's boot-pages.json).
    const html = bootPages === null || bootPages.has(page) ? 'index.html' : 'index-no-boot.html';
    return reply.header('cache-control', 'no-cache').sendFile(html);
  });
}

/**
 * The pages (without a language prefix) sent with the boot script, from the build's
 * `boot-pages.json` (packages/web/vite.config.ts); the others get `index-no-boot.html`. Null for a
 * build without them: index.html everywhere.
 */
function bootScriptPages(webDist: string): Set<string> | null {
  const file = path.join(webDist, 'boot-pages.json');
  if (!existsSync(file) || !existsSync(path.join(webDist, 'index-no-boot.html'))) return null;
  return new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
}

/** A page address's language prefix (/de, /fr). */
const LANGUAGE_PREFIX = /^\/(de|fr)(?=\/|$)/;

/**
 * The `Link: rel=modulepreload` header of each page in the build's `page-preloads.json`
 * (packages/web/vite.config.ts: the chunks the router loads for the auth pages, the dashboards and
 * My Medicine, besides the entry's; a round trip later on a phone's cold start otherwise, and the
 * policy allows no inline script that could add the preloads to the page itself), by the page's address without a language prefix. Empty without the file.
 */
function pagePreloads(webDist: string): Map<string, string> {
  const file = path.join(webDist, 'page-preloads.json');
  if (!existsSync(file)) return new Map();
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(pages)
      .filter(([, files]) => files.length > 0)
      .map(([page, files]) => [page, files.map((f) => `<${f}>; rel=modulepreload`).join(', ')]),
  );
}
