import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createDb, type Db, migrateToLatest } from '../db';
import { createMailer, type Mailer } from '../lib/mailer';
import { seedDemo } from '../seed/demo';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    mailer: Mailer;
  }
}

export interface ContextOptions {
  config: AppConfig;
  /** A database the caller owns (tests); without it the app opens one from the config and closes it. */
  db?: Db;
  mailer?: Mailer;
}

/**
 * The database, the configuration and the mailer, reachable from every route; and their
 * lifecycles: migrate and seed when the app is ready, close when it closes.
 */
export const contextPlugin = fp(
  async (app: FastifyInstance, opts: ContextOptions) => {
    const { config } = opts;
    const db = opts.db ?? createDb(config.database);
    const mailer =
      opts.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('mailer', mailer);

    app.lifecycle.add({
      name: 'database',
      start: async () => {
        if (!config.migrate) return;
        const applied = await migrateToLatest(db);
        if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
      },
      stop: async () => {
        if (!opts.db) await db.destroy();
      },
    });
    app.lifecycle.add({
      name: 'demo-seed',
      start: async () => {
        if (!config.seedDemo) return;
        const accounts = await seedDemo(db, { timezone: config.defaultTimezone });
        if (accounts.length === 0) return;
        const lines = accounts.map((a) => `  ${a.role.padEnd(5)}  ${a.email.padEnd(28)}  ${a.password}`);
        console.log(`\nDoseDot demo data created. Sign in with:\n${lines.join('\n')}\n`);
      },
    });
    app.lifecycle.add({ name: 'mailer', stop: () => mailer.close() });
  },
  { name: 'dosedot-context', dependencies: ['dosedot-lifecycle'] },
);
