import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { type CacheSource, createReadCache, type ReadCache } from './read-cache';

/**
 * The read cache on PostgreSQL (db/read-cache.ts, decision 0004), where several server copies
 * share the database and none runs the others' statements:
 *
 * - Triggers on the WATCHED_TABLES (migration 2026_11_24_0500) `NOTIFY dosedot_changes` with the
 *   table's name for every statement that writes one, delivered to every listening copy when the
 *   writing transaction commits (and never when it rolls back). Each copy LISTENs on a connection
 *   of its own; a notification bumps the table's generation.
 * - Its own writes bump the generations as the statement starts (so a read under way is not kept)
 *   and again once they are committed (so a read that started meanwhile, and read the old row from
 *   another connection, is not kept either): the copy that wrote reads its own write at once.
 * - A read of any table that is not watched is never kept, nor anything while the listener is
 *   down: every read then goes to the database, and a reconnected listener starts from nothing.
 *
 * Another copy's write is seen as soon as its notification arrives (on loopback, well under a
 * millisecond after the commit); until then that copy may serve the row as it was.
 */
export const CHANGES_CHANNEL = 'dosedot_changes';

/**
 * The tables the cached reads use (the user behind a token and whether its session ended; a profile
 * with its sensor and medicines; an administrator's open impersonation sessions; a caregiver's
 * grant; the two-factor status). Each has the change trigger (migrations 2026_11_24_0500,
 * 2026_11_25_0200, 2026_11_28_0200).
 */
export const WATCHED_TABLES = [
  'users',
  'profiles',
  'sensors',
  'medicines',
  'medicine_schedules',
  'ended_sessions',
  'impersonation_sessions',
  'caregivers',
  'two_factor_secrets',
  'recovery_codes',
] as const;

/** How long the listener waits before connecting again after losing its connection. */
export const LISTEN_RETRY_MS = 1000;

export interface PgReadCache {
  cache: ReadCache;
  /** The pool Kysely uses: every statement passes the cache on its way. */
  pool: PostgresPool;
  /** After migrations: reads the table list and starts listening; the cache works from then on. */
  start(): Promise<void>;
  /** True while the listener is connected (and the cache in use). */
  readonly listening: boolean;
}

interface ClientState {
  inTransaction: boolean;
  written: Set<string>;
}

export function createPgReadCache(
  pool: pg.Pool,
  url: string,
  warn: (message: string) => void = (m) => console.error(`DoseDot: ${m}`),
): PgReadCache {
  let known: ReadonlySet<string> = new Set();
  let listener: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let started = false;
  let missed = false;
  let retry: NodeJS.Timeout | undefined;

  const source: CacheSource = {
    knownTables: () => known,
    // Each read runs on a pooled connection of its own and sees only committed rows.
    inTransaction: () => false,
    changedElsewhere() {
      if (!missed) return false;
      missed = false;
      return true;
    },
    enabled: () => listening,
    watched: new Set(WATCHED_TABLES),
  };
  const cache = createReadCache(source);

  const lost = (reason: string) => {
    if (!listening && listener === undefined) return;
    listening = false;
    missed = true;
    const client = listener;
    listener = undefined;
    client?.end().catch(() => {});
    if (stopped) return;
    warn(`the change listener lost its connection (${reason}); reads go to the database until it is back`);
    retry = setTimeout(() => void listen().catch(() => {}), LISTEN_RETRY_MS);
    retry.unref();
  };

  async function listen(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on('error', (err) => lost(err.message));
    client.on('end', () => {
      if (listener === client) lost('connection ended');
    });
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) cache.noteWritten([message.payload]);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      if (!stopped) {
        warn(`the change listener could not connect (${(err as Error).message}); trying again`);
        retry = setTimeout(() => void listen().catch(() => {}), LISTEN_RETRY_MS);
        retry.unref();
      }
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    // Whatever was written while nobody listened is unknown: start from nothing.
    missed = true;
    listening = true;
  }

  const states = new WeakMap<pg.PoolClient, ClientState>();
  const stateOf = (client: pg.PoolClient) => {
    let state = states.get(client);
    if (!state) {
      state = { inTransaction: false, written: new Set() };
      states.set(client, state);
    }
    return state;
  };

  /** Runs a statement on `client`, telling the cache what it writes, before and once committed. */
  function observe<T>(client: pg.PoolClient, sql: string, run: () => Promise<T>): Promise<T> {
    const written = cache.noteStatement(sql, true);
    const state = stateOf(client);
    const head = sql.trimStart().slice(0, 12).toLowerCase();
    if (/^(begin|start)\b/.test(head)) {
      state.inTransaction = true;
      state.written.clear();
      return run();
    }
    if (/^(commit|end|rollback)\b/.test(head) && !/^rollback\s+to\b/.test(head)) {
      const tables = [...state.written];
      state.inTransaction = false;
      state.written.clear();
      return tables.length > 0 ? run().finally(() => cache.noteWritten(tables)) : run();
    }
    if (written.length === 0) return run();
    if (state.inTransaction) {
      for (const table of written) state.written.add(table);
      return run();
    }
    return run().finally(() => cache.noteWritten(written));
  }

  const observedPool: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      // pg answers with its own result type, which carries what Kysely reads.
      function query<R>(
        sqlOrCursor: string | PostgresCursor<R>,
        parameters?: ReadonlyArray<unknown>,
      ): unknown {
        return typeof sqlOrCursor === 'string'
          ? observe(client, sqlOrCursor, () => client.query(sqlOrCursor, parameters as unknown[]))
          : client.query(sqlOrCursor as never);
      }
      return { query, release: () => client.release() };
    },
    async end() {
      stopped = true;
      clearTimeout(retry);
      listening = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };

  return {
    cache,
    pool: observedPool,
    async start() {
      if (started) return;
      started = true;
      const { rows } = await pool.query<{ name: string }>(
        'select table_name as name from information_schema.tables where table_schema = current_schema()',
      );
      known = new Set(rows.map((r) => r.name.toLowerCase()));
      cache.reloadSchema();
      await listen();
    },
    get listening() {
      return listening;
    },
  };
}
