import type SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/*
 * Reads of the hot path served from memory, never stale (docs/decisions/0004).
 *
 * Every statement the connection runs passes through `noteStatement`; a statement that writes
 * bumps the generation of every table its SQL names. A cached read remembers the tables its
 * queries named (recorded while it ran) and their generations then; it is served only while none
 * of those tables has been written since.
 *
 * - SQLite (`sqliteSource`): one process owns the file, so it sees every write. Another process's
 *   commit (an operator's sqlite3, a test writing presses directly) shows in `PRAGMA data_version`,
 *   checked at most every EXTERNAL_CHECK_MS, and drops everything. Nothing is kept while a
 *   transaction is open on the single connection: what it reads may still be rolled back.
 * - PostgreSQL (`pg-read-cache.ts`): several server copies share the database. Triggers on the
 *   watched tables NOTIFY every commit that wrote them, to every copy; a copy's own writes bump the
 *   generations again once committed, and a read of any table that is not watched is never kept.
 *
 * A rollback or any DDL drops everything. Why: on this kind of machine a read of one row by key
 * costs ~8 µs on SQLite (most of it the three system calls SQLite makes to open and close its read
 * transaction) and a round trip on PostgreSQL far more; the user row behind every signed-in request
 * and the profile with its medicines are read far more often than they change.
 */

export const READ_CACHE_SIZE = 10_000;
export const EXTERNAL_CHECK_MS = 250;

/** The tables a statement names, as quoted or bare identifiers that are tables of the schema. */
function tablesNamed(sql: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of sql.matchAll(/"([^"]+)"|\b([A-Za-z_][A-Za-z0-9_]*)\b/g)) {
    const name = (match[1] ?? match[2] ?? '').toLowerCase();
    if (known.has(name)) found.add(name);
  }
  return [...found];
}

interface StatementInfo {
  tables: string[];
  writes: boolean;
  /** DDL or a rollback: every cached read goes. */
  dropsAll: boolean;
  ddl: boolean;
}

interface Entry {
  value: unknown;
  epoch: number;
  tables: string[];
  generations: number[];
}

export interface ReadCache {
  /**
   * Called for every statement the connection runs (it is prepared, or taken from the cache, each
   * time), before it runs; answers the tables it writes.
   */
  noteStatement(sql: string, reader: boolean): readonly string[];
  /** Bumps the generation of each table: a write to them is done (committed) or was seen elsewhere. */
  noteWritten(tables: Iterable<string>): void;
  /** The value of `key` while the tables `load` read are unchanged; otherwise `load`'s fresh answer. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** The kept value of `key` if it is still fresh (`{ value }`), at once; undefined otherwise. */
  peek(key: string): { value: unknown } | undefined;
  /** Forgets every cached read. */
  clear(): void;
  /** Forgets every cached read and reads the table list again (after migrations). */
  reloadSchema(): void;
  readonly size: number;
}

/** What the cache needs of its database. */
export interface CacheSource {
  /** The tables of the schema, lower case (read again after DDL). */
  knownTables(): ReadonlySet<string>;
  /** True while a read may see uncommitted data: nothing is kept then. */
  inTransaction(): boolean;
  /** Asked before each read: true when a change the cache cannot have seen happened (drops all). */
  changedElsewhere(): boolean;
  /** False while the cache must not serve or keep anything (PostgreSQL without its listener). */
  enabled(): boolean;
  /** Only reads of these tables are kept (those whose writes by anyone the cache hears of); all when absent. */
  watched?: ReadonlySet<string>;
}

export function createReadCache(
  source: CacheSource,
  {
    size = READ_CACHE_SIZE,
    triggers = {},
  }: {
    size?: number;
    /** The tables a write to a table also writes, through its triggers (table → tables). */
    triggers?: Readonly<Record<string, readonly string[]>>;
  } = {},
): ReadCache {
  let known = source.knownTables();
  const statements = new Map<string, StatementInfo>();
  const generations = new Map<string, number>();
  // The kept reads, least recently used first out (lru-cache).
  const entries = new LRUCache<string, Entry>({ max: size });
  /** Bumped when everything goes (DDL, rollback, a change seen from elsewhere). */
  let epoch = 0;
  /** The reads being loaded now: each collects the tables of every statement run meanwhile. */
  const recording = new Set<Set<string>>();

  const dropAll = () => {
    epoch++;
    entries.clear();
  };
  const bump = (tables: Iterable<string>) => {
    for (const table of tables) generations.set(table, (generations.get(table) ?? 0) + 1);
  };

  function infoOf(sql: string, reader: boolean): StatementInfo {
    let info = statements.get(sql);
    if (info) return info;
    const head = sql.trimStart().slice(0, 12).toLowerCase();
    const ddl = /^(create|alter|drop)\b/.test(head);
    const named = tablesNamed(sql, known);
    const writes = !reader || WRITE_WORD.test(sql.replace(/"[^"]*"|'[^']*'/g, ''));
    info = {
      // A write also writes what its tables' triggers write.
      tables: writes ? [...new Set([...named, ...named.flatMap((t) => triggers[t] ?? [])])] : named,
      // better-sqlite3 calls a write with RETURNING a reader (it returns rows), and a write may
      // follow a WITH clause: any write keyword outside quoted names makes it a write.
      writes,
      dropsAll: ddl || /^rollback\b/.test(head),
      ddl,
    };
    if (!ddl) statements.set(sql, info);
    return info;
  }

  /** Set by DDL, which is noted before it runs: the table list is read again at the next statement. */
  let schemaChanged = false;
  const refreshSchema = () => {
    if (!schemaChanged) return;
    schemaChanged = false;
    known = source.knownTables();
    statements.clear();
  };

  /** The kept entry of `key` while none of its tables has been written since. */
  const fresh = (key: string): Entry | undefined => {
    if (source.changedElsewhere()) dropAll();
    if (!source.enabled()) return undefined;
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (
      hit.epoch === epoch &&
      hit.tables.every((table, i) => (generations.get(table) ?? 0) === hit.generations[i])
    )
      return hit;
    entries.delete(key);
    return undefined;
  };

  return {
    noteStatement(sql, reader) {
      refreshSchema();
      const info = infoOf(sql, reader);
      if (info.dropsAll) {
        if (info.ddl) schemaChanged = true;
        dropAll();
        return NONE;
      }
      if (recording.size > 0) for (const tables of recording) for (const t of info.tables) tables.add(t);
      if (!info.writes) return NONE;
      bump(info.tables);
      return info.tables;
    },

    noteWritten: bump,

    peek: fresh,

    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = fresh(key);
      if (hit) return hit.value as T;
      if (!source.enabled() || source.inTransaction()) return load();
      const startEpoch = epoch;
      const tables = new Set<string>();
      // Generations as they were before the first query: a write meanwhile makes the entry stale.
      const before = new Map(generations);
      recording.add(tables);
      let value: T;
      try {
        value = await load();
      } finally {
        recording.delete(tables);
      }
      const watched = source.watched;
      if (
        epoch === startEpoch &&
        tables.size > 0 &&
        source.enabled() &&
        (!watched || [...tables].every((t) => watched.has(t)))
      ) {
        const list = [...tables];
        entries.set(key, {
          value: share(value),
          epoch: startEpoch,
          tables: list,
          generations: list.map((t) => before.get(t) ?? 0),
        });
      }
      return value;
    },

    clear: dropAll,

    reloadSchema() {
      schemaChanged = true;
      dropAll();
    },

    get size() {
      return entries.size;
    },
  };
}

const NONE: readonly string[] = Object.freeze([]);
const WRITE_WORD = /\b(insert|update|delete|replace|truncate|merge)\b/i;

/**
 * SQLite: one process owns the file and this connection runs every statement of it. Another
 * process's commit (an operator's sqlite3) shows in `PRAGMA data_version`, checked at most every
 * EXTERNAL_CHECK_MS.
 */
export function sqliteSource(
  sqlite: SqliteDatabase.Database,
  { now = Date.now }: { now?: () => number } = {},
): CacheSource {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let lastVersion = dataVersion.get() as number;
  let lastCheck = now();
  return {
    knownTables: () =>
      new Set(
        (
          sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]
        ).map((r) => r.name.toLowerCase()),
      ),
    inTransaction: () => sqlite.inTransaction,
    changedElsewhere() {
      const at = now();
      if (at - lastCheck < EXTERNAL_CHECK_MS) return false;
      lastCheck = at;
      const version = dataVersion.get() as number;
      if (version === lastVersion) return false;
      lastVersion = version;
      return true;
    },
    enabled: () => true,
  };
}

/**
 * The values a read cache hands out, and what is derived from them: frozen all the way down and
 * never changed, so whatever is computed from one (a presented answer, its JSON) may be kept beside
 * it for as long as it lives (`derivedFrom`, the contract serializer).
 */
const sharedValues = new WeakSet<object>();
const derivations = new WeakMap<object, Map<string, unknown>>();

/** True for a value handed out by a read cache (or derived from one): frozen and never changed. */
export function isShared(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedValues.has(value);
}

/**
 * `compute(source)` once per shared `source` and `key`, kept while the source lives (a new read
 * of changed rows is a new source); for any other source simply `compute(source)`. The result is
 * shared too: frozen, and its JSON kept by the serializer.
 */
export function derivedFrom<S, T>(source: S, key: string, compute: (source: S) => T): T {
  if (!isShared(source)) return compute(source);
  let byKey = derivations.get(source);
  if (!byKey) {
    byKey = new Map();
    derivations.set(source, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = share(compute(source));
  byKey.set(key, value);
  return value;
}

/** A constant answer (never changed), treated as a cached one: frozen, its JSON written once. */
export const constant = <T>(value: T): T => share(value);

function share<T>(value: T): T {
  deepFreeze(value);
  if (typeof value === 'object' && value !== null) sharedValues.add(value);
  return value;
}

/** A cached value is shared by every caller: frozen, so a caller that changes it fails loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
