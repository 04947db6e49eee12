import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, type DatabaseConfig, loadConfig } from '../src/config';
import { createDb, type Db, migrateToLatest } from '../src/db';
import { createConfirmationService } from '../src/features/auth/confirmation';
import type { Mailer } from '../src/lib/mailer';
import { routeRecorder } from './route-table';

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
      // Our pool's last connections may still be saying goodbye: wait for them rather than kill them
      // (a killed connection that is ending has no error listener left and crashes the test run).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}${attempt >= 25 ? ' with (force)' : ''}`);
          break;
        } catch (err) {
          if (attempt >= 25) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
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

export interface TestAppOptions {
  /** Environment read by loadConfig, as main.ts reads it. */
  env?: Record<string, string>;
  /** Settings that have no variable (limits, webDist), laid over the loaded config. */
  config?: Partial<AppConfig>;
  mailer?: Mailer;
  /** The HTTPS agent for push services (a test's own push service on loopback). */
  pushAgent?: Agent;
  /** Test-only routes, registered before the app is ready. */
  routes?: (app: FastifyInstance) => void;
  /** Logging as Fastify takes it (none by default). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * A real app on a fresh database of the engine, built from a config as main.ts builds it. The
 * caller closes it (`useTestApp` does that for a whole file).
 */
export async function createTestApp(engine: Engine, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dosedot-data-'));
  const database = await freshDatabase(engine);
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      // A loaded test machine lags now and then; the pressure check has its own test (operations.test.ts).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // The reminder scheduler's tick is called by the tests that need it (reminders.test.ts).
      REMINDER_TICK_MS: '0',
      // The push tests' own push service listens on loopback (push-guard.test.ts tests without).
      PUSH_PRIVATE_NETWORKS: 'true',
      ...opts.env,
    }),
    database: database.config,
    webDist: undefined,
    ...opts.config,
  };
  const table = routeRecorder();
  const app = await buildApp({
    config,
    db: database.db,
    logger: opts.logger ?? false,
    mailer: opts.mailer,
    pushAgent: opts.pushAgent,
    onRoute: table.onRoute,
  });
  table.attach(app);
  opts.routes?.(app);
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

/**
 * One app for the whole describe block: built before its tests, always closed after them. The
 * object reads the app of the moment, so tests write `t.app.inject(...)`.
 */
export function useTestApp(engine: Engine, opts: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(engine, opts);
  });
  afterAll(async () => current?.close());
  const get = () => {
    if (!current) throw new Error('the test app is not built yet');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    close: () => get().close(),
  };
}

let counter = 0;
/** A unique e-mail address, so tests share no data by accident. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}@example.test`;

export const PASSWORD = 'correct horse battery';

let helperAddresses = 0;
/**
 * A documentation address (TEST-NET-2) of its own for each registerUser: the per-IP limit of the
 * auth routes and the lockout's known addresses count only what a test sends itself (from
 * 127.0.0.1 unless it says otherwise).
 */
const helperAddress = () => {
  const n = helperAddresses++;
  return `198.51.${100 + ((n >> 8) % 100)}.${n % 256}`;
};

/**
 * Registers a user over HTTP as its owner would and returns the token and user: registration
 * answers no token (it must not tell whether the address had an account), so the address is then
 * confirmed through the confirmation service (as if the e-mailed link was opened; `confirm: false`
 * leaves it unconfirmed, and the health-data grant and, in production, the first administrator's
 * role wait), and the user signs in at POST /api/auth/local.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; language: string }> = {},
  { confirm = true }: { confirm?: boolean } = {},
) {
  const body = { username: 'Test Person', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const remoteAddress = helperAddress();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/register',
    payload: body,
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const row = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', body.email.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new Error(`register created no account for ${body.email} (was it taken?)`);
  if (confirm) await confirmAddress(app, row.id);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { identifier: body.email, password: body.password },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const json = login.json() as { jwt: string; user: { id: number; email: string } };
  return { ...json, password: body.password, auth: { authorization: `Bearer ${json.jwt}` } };
}

/** A fresh confirmation link of the user's, written straight into the database: its token. */
export async function confirmationLink(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('email_confirmations')
    .values({
      user_id: userId,
      token_hash: createHash('sha256').update(token).digest('hex'),
      expires_at: now + 60_000,
      used_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Confirms a user's address as its owner would, through the confirmation service's own path (a fresh
 * link written straight into the database), but not over HTTP: the per-IP limit of the auth routes
 * counts only what a test sends itself.
 */
export async function confirmAddress(app: FastifyInstance, userId: number): Promise<void> {
  const token = await confirmationLink(app.db, userId);
  const { db, config, mailer, log, counters } = app;
  await createConfirmationService({ db, config, mailer, log, counters }).confirm(token, '127.0.0.1');
}

export async function count(
  db: Db,
  table:
    | 'users'
    | 'profiles'
    | 'password_resets'
    | 'email_confirmations'
    | 'audit_log'
    | 'medicine_schedules'
    | 'medicines',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes a registered user an administrator (no route does that: the first user or the seed is one). */
export async function makeAdmin(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).execute();
  await db.updateTable('profiles').set({ profiletype: 'admin' }).where('user_id', '=', userId).execute();
}

/**
 * A statement run by another server copy, on its own connection to the database: its commit reaches
 * this app's read cache only as another's would (PostgreSQL's change notification, SQLite's check of
 * the file's data version).
 */
export async function runElsewhere(database: DatabaseConfig, statement: string): Promise<void> {
  if (database.kind === 'sqlite') {
    const other = new SqliteDatabase(database.file);
    try {
      other.prepare(statement).run();
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    await other.query(statement);
  } finally {
    await other.end();
  }
}

/**
 * The status `read` answers once it is `expected`, asked again every 10 ms for up to 2 s: another
 * server copy's commit reaches the read cache with PostgreSQL's notification, or SQLite's check of
 * the file's data version (every EXTERNAL_CHECK_MS). The last answer when it never came.
 */
export async function statusOnceSettled(read: () => Promise<number>, expected: number): Promise<number> {
  let status = await read();
  for (let i = 0; i < 200 && status !== expected; i++) {
    await new Promise((r) => setTimeout(r, 10));
    status = await read();
  }
  return status;
}

/** A new DoseDot box, nobody's yet (a random DevEUI unless named): its id. */
export async function newBox(
  db: Db,
  { deveui = randomDeveui(), createdAt = 0 }: { deveui?: string; createdAt?: number } = {},
): Promise<number> {
  const sensor = await db
    .insertInto('sensors')
    .values({
      deveui,
      serial_number: null,
      name: null,
      device_profile: 'dosedot-box',
      buttonmode: null,
      battery: null,
      last_uplink_at: null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sensor.id;
}

/** A new box on the user's profile, theirs from `from` until `to` (a random DevEUI unless named): its id. */
export async function giveBox(
  db: Db,
  userId: number,
  { deveui, from = 0, to = null }: { deveui?: string; from?: number; to?: number | null } = {},
): Promise<number> {
  const profile = await db
    .selectFrom('profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const sensorId = await newBox(db, deveui === undefined ? {} : { deveui });
  await db
    .insertInto('sensor_assignments')
    .values({
      sensor_id: sensorId,
      profile_id: profile.id,
      assigned_from: from,
      assigned_to: to,
      assigned_by: null,
    })
    .execute();
  return sensorId;
}

/** A DevEUI no other test uses (random). */
export const randomDeveui = () =>
  `A840${Math.floor(Math.random() * 1e12)
    .toString(16)
    .padStart(12, '0')}`.toUpperCase();

/**
 * As if the medicine had been entered into DoseDot at `instant` (doses before it are 'not tracked',
 * issue 23 item 3): for tests that set a start date in the past on purpose.
 */
export async function enteredAt(db: Db, medicineId: number, instant: number): Promise<void> {
  await db.updateTable('medicines').set({ created_at: instant }).where('id', '=', medicineId).execute();
}
