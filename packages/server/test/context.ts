import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { type AppConfig, type DatabaseConfig, loadConfig } from '../src/config';
import { createDb, type Db, migrateToLatest } from '../src/db';
import type { Mailer } from '../src/lib/mailer';

export type Engine = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, migrated database of the engine: a temp SQLite file or a new PostgreSQL database. */
export async function freshDatabase(
  engine: Engine,
): Promise<{ db: Db; config: DatabaseConfig; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-test-'));
    const config: DatabaseConfig = { kind: 'sqlite', file: path.join(dir, 'test.sqlite') };
    const db = createDb(config);
    await migrateToLatest(db);
    return {
      db,
      config,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `dosedot_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  const db = createDb(config);
  await migrateToLatest(db);
  return {
    db,
    config,
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A mailer that keeps what it sends, for tests that read the reset link without SMTP. */
export function memoryMailer(): Mailer & { sent: { to: string; subject: string; text: string }[] } {
  const sent: { to: string; subject: string; text: string }[] = [];
  return { sent, send: async (mail) => void sent.push(mail), close: () => {} };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function createTestApp(
  engine: Engine,
  opts: { env?: Record<string, string>; build?: Partial<BuildOptions> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dosedot-data-'));
  const database = await freshDatabase(engine);
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...opts.env,
    }),
    database: database.config,
    webDist: undefined,
  };
  const app = await buildApp({ config, db: database.db, logger: false, ...opts.build });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail address, so tests share no data by accident. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}@example.test`;

export const PASSWORD = 'correct horse battery';

/** Registers a user over HTTP and returns the token and user. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; language: string }> = {},
) {
  const body = { username: 'Test Person', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { jwt: string; user: { id: number; email: string } };
  return { ...json, password: body.password, auth: { authorization: `Bearer ${json.jwt}` } };
}

export async function count(
  db: Db,
  table: 'users' | 'profiles' | 'password_resets' | 'audit_log',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
