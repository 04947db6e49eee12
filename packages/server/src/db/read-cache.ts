import type SqliteDatabase from 'better-sqlite3';

/*
 * Reads of the hot path served from memory on SQLite, never stale.
 *
 * On SQLite one process owns the database (docs/decisions/0004), so it sees every write: each
 * statement passes through `noteStatement` when it is prepared, and a statement that writes bumps
 * the generation of every table its SQL names. A cached read remembers the tables its queries
 * named (recorded while it ran) and their generations then; it is served only while none of those
 * tables has been written since. A write another process commits to the file (an operator's
 * sqlite3, a test writing presses directly) is seen through `PRAGMA data_version`, checked at most
 * every EXTERNAL_CHECK_MS, and drops everything.
 *
 * Nothing is cached while a transaction is open on the connection: what it reads may still be
 * rolled back. A rollback drops everything. PostgreSQL has no read cache: several server copies
 * share it, and none of them sees the others' writes.
 *
 * Why: on this kind of machine a read of one row by key costs ~8 µs, most of it the three system
 * calls SQLite makes to open and close its read transaction; the user row behind every signed-in
 * request and the profile with its medicines are read far more often than they change.
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
  /** Called for every statement the connection runs (it is prepared, or taken from the cache, each time). */
  noteStatement(sql: string, reader: boolean): void;
  /** The value of `key` while the tables `load` read are unchanged; otherwise `load`'s fresh answer. */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every cached read. */
  clear(): void;
  readonly size: number;
}

export function createReadCache(
  sqlite: SqliteDatabase.Database,
  { size = READ_CACHE_SIZE, now = Date.now }: { size?: number; now?: () => number } = {},
): ReadCache {
  let known = new Set<string>();
  const loadKnownTables = () => {
    known = new Set(
      (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name.toLowerCase(),
      ),
    );
  };
  loadKnownTables();

  const statements = new Map<string, StatementInfo>();
  const generations = new Map<string, number>();
  const entries = new Map<string, Entry>();
  /** Bumped when everything goes (DDL, rollback, another process's write). */
  let epoch = 0;
  /** The reads being loaded now: each collects the tables of every statement run meanwhile. */
  const recording = new Set<Set<string>>();

  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let lastVersion = dataVersion.get() as number;
  let lastCheck = now();
  const checkExternal = () => {
    const at = now();
    if (at - lastCheck < EXTERNAL_CHECK_MS) return;
    lastCheck = at;
    const version = dataVersion.get() as number;
    if (version !== lastVersion) {
      lastVersion = version;
      epoch++;
    }
  };

  const dropAll = () => {
    epoch++;
    entries.clear();
  };

  function infoOf(sql: string, reader: boolean): StatementInfo {
    let info = statements.get(sql);
    if (info) return info;
    const head = sql.trimStart().slice(0, 12).toLowerCase();
    const ddl = /^(create|alter|drop)\b/.test(head);
    info = {
      tables: tablesNamed(sql, known),
      // better-sqlite3 calls a write with RETURNING a reader (it returns rows), and a write may
      // follow a WITH clause: any write keyword outside quoted names makes it a write.
      writes: !reader || /\b(insert|update|delete|replace)\b/i.test(sql.replace(/"[^"]*"|'[^']*'/g, '')),
      dropsAll: ddl || /^rollback\b/.test(head),
      ddl,
    };
    if (!ddl) statements.set(sql, info);
    return info;
  }

  /** Set by DDL, which is noted before it runs: the table list is read again at the next statement. */
  let schemaChanged = false;

  return {
    noteStatement(sql, reader) {
      if (schemaChanged) {
        schemaChanged = false;
        loadKnownTables();
        statements.clear();
      }
      const info = infoOf(sql, reader);
      if (info.dropsAll) {
        if (info.ddl) schemaChanged = true;
        dropAll();
        return;
      }
      if (info.writes)
        for (const table of info.tables) generations.set(table, (generations.get(table) ?? 0) + 1);
      if (recording.size > 0) for (const tables of recording) for (const t of info.tables) tables.add(t);
    },

    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      checkExternal();
      const hit = entries.get(key);
      if (hit) {
        if (
          hit.epoch === epoch &&
          hit.tables.every((table, i) => (generations.get(table) ?? 0) === hit.generations[i])
        )
          return hit.value as T;
        entries.delete(key);
      }
      if (sqlite.inTransaction) return load();
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
      if (epoch === startEpoch && tables.size > 0) {
        const list = [...tables];
        if (entries.size >= size) entries.delete(entries.keys().next().value as string);
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

    get size() {
      return entries.size;
    },
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
