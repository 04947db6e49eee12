import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    mailer: Mailer;
  }
}

/** Makes the database, the configuration and the mailer reachable from every route. */
export const contextPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: AppConfig; mailer: Mailer }) => {
    app.decorate('db', opts.db);
    app.decorate('config', opts.config);
    app.decorate('mailer', opts.mailer);
  },
  { name: 'dosedot-db' },
);
