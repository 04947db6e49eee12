import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { type Db, migrateToLatest, startReadCache } from '../db';
import { type CounterStore, pruneCounters } from '../lib/counters';
import { createMailer, type Mailer } from '../lib/mailer';
import { createPushSender, type PushSender } from '../lib/web-push';
import { seedDemo } from '../seed/demo';
import { seedFleet } from '../seed/fleet';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    mailer: Mailer;
    /** Web Push to the users' browsers, signed with the server's VAPID key. */
    push: PushSender;
    /** Rate-limit and failed-login counters: in memory on SQLite, shared in the database on PostgreSQL. */
    counters: CounterStore;
  }
}

/** How often ended counter windows are removed from the database. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface ContextOptions {
  config: AppConfig;
  db: Db;
  /** The app opened the database itself, so it closes it (tests pass their own). */
  ownsDb: boolean;
  counters: CounterStore;
  mailer?: Mailer;
  /** The HTTPS agent for the push services (tests: one trusting their own push service). */
  pushAgent?: Agent;
}

/**
 * The database, the configuration and the mailer, reachable from every route; and their
 * lifecycles: migrate and seed when the app is ready, close when it closes.
 */
export const contextPlugin = fp(
  async (app: FastifyInstance, opts: ContextOptions) => {
    const { config } = opts;
    const { db } = opts;
    const mailer =
      opts.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('mailer', mailer);
    app.decorate('push', createPushSender(config.vapid, opts.pushAgent, config.pushPrivateNetworks));
    app.decorate('counters', opts.counters);

    app.lifecycle.add({
      name: 'database',
      start: async () => {
        if (config.migrate) {
          const applied = await migrateToLatest(db);
          if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
        }
        await startReadCache(db);
      },
      stop: async () => {
        if (opts.ownsDb) await db.destroy();
      },
    });
    let timer: NodeJS.Timeout | undefined;
    app.lifecycle.add({
      name: 'counter-pruning',
      start: () => {
        timer = setInterval(() => {
          pruneCounters(db).catch((err: unknown) => app.log.warn({ err }, 'could not prune counters'));
        }, PRUNE_EVERY_MS);
        timer.unref();
      },
      stop: () => clearInterval(timer),
    });
    app.lifecycle.add({
      name: 'demo-seed',
      start: async () => {
        if (!config.seedDemo) return;
        // The logins are in the start line of main.ts.
        const accounts = await seedDemo(db, { timezone: config.defaultTimezone, days: config.seedDemoDays });
        if (accounts.length > 0) app.log.info({ accounts: accounts.length }, 'demo data created');
      },
    });
    app.lifecycle.add({
      name: 'fleet-seed',
      start: async () => {
        if (config.seedFleet === 0) return;
        const n = config.seedFleet;
        const created = await seedFleet(db, { patients: n, boxes: n, timezone: config.defaultTimezone });
        if (created.patients > 0) app.log.info(created, 'fleet seeded');
      },
    });
    app.lifecycle.add({ name: 'mailer', stop: () => mailer.close() });
  },
  { name: 'dosedot-context', dependencies: ['dosedot-lifecycle'] },
);
