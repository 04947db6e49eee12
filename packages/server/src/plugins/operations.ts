import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { passwordHashesDone } from '../lib/passwords';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The address of the metrics listener, once started (undefined when METRICS_PORT is unset). */
    metricsAddress: () => string | undefined;
  }
}

/**
 * What an operator watches and what protects the server when it is overloaded:
 * - over pressure (event-loop delay past PRESSURE_MAX_EVENT_LOOP_DELAY_MS), every call answers 503
 *   with Retry-After in the API's error shape instead of queueing without bound;
 * - with METRICS_PORT set, Prometheus text at /metrics on its own listener (METRICS_HOST, loopback
 *   by default), never on the public port: event-loop delay, heap, GC and request counts.
 */
export const operationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { pressure, metrics } = app.config;
    if (pressure.maxEventLoopDelayMs > 0) {
      // What the server does before it is ready (migrations, the demo seed, on a busy machine for
      // seconds) holds the event loop while nobody waits: that is not pressure. under-pressure
      // measures from its registration, one window at a time, so a reading can cover the start
      // until two windows have passed since the app became ready; until then none is acted on.
      let readingsFrom = Number.POSITIVE_INFINITY;
      app.addHook('onReady', async () => {
        readingsFrom = performance.now() + 2 * pressure.sampleIntervalMs;
      });
      await app.register(underPressure, {
        maxEventLoopDelay: pressure.maxEventLoopDelayMs,
        retryAfter: pressure.retryAfterSeconds,
        sampleInterval: pressure.sampleIntervalMs,
        pressureHandler: (_request, reply, type, value) => {
          if (performance.now() < readingsFrom) return; // the request goes on
          app.log.warn({ type, value }, 'over pressure: answering 503');
          reply.header('retry-after', String(pressure.retryAfterSeconds));
          sendError(reply, 503, 'ServiceUnavailableError', 'The server is busy, please try again shortly');
        },
      });
    }

    let address: string | undefined;
    app.decorate('metricsAddress', () => address);
    if (metrics.port === undefined) return;

    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'dosedot_' });
    const requests = new Counter({
      name: 'dosedot_http_requests_total',
      help: 'HTTP requests answered, by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'dosedot_password_hashes_total',
      help: 'Password hashes computed since the start (sign-ins, registrations, resets)',
      registers: [registry],
      collect() {
        this.set(passwordHashesDone());
      },
    });
    app.addHook('onResponse', (request, reply, done) => {
      requests.inc({
        method: request.method,
        route: request.routeOptions.url ?? 'not_found',
        status_code: reply.statusCode,
      });
      done();
    });

    const server = Fastify({ logger: false });
    server.get('/metrics', async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
    app.lifecycle.add({
      name: 'metrics',
      start: async () => {
        address = await server.listen({ port: metrics.port, host: metrics.host });
        app.log.info({ address }, 'metrics listening');
      },
      stop: () => server.close(),
    });
  },
  { name: 'dosedot-operations', dependencies: ['dosedot-lifecycle', 'dosedot-context'] },
);
