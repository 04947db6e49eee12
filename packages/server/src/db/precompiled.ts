import type { Compilable, CompiledQuery, DialectAdapter } from 'kysely';
import type { Db } from './index';

/**
 * A query of the hot path (run on every request), built and compiled by Kysely once per
 * engine: each call only puts its arguments into the compiled SQL's parameters. Kysely's
 * building and compiling cost more than SQLite's own work for a lookup by key.
 *
 * `sentinels` stand for the arguments while compiling: distinct values that appear nowhere
 * else in the query, so each one's place among the parameters is found.
 */
export function precompiled<Row, Args extends readonly (string | number)[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
  sentinels: Args,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const byEngine = new WeakMap<DialectAdapter, { query: CompiledQuery<Row>; slots: number[] }>();
  const compile = (db: Db) => {
    const query = build(db, ...sentinels).compile();
    const slots = sentinels.map((s) => query.parameters.indexOf(s));
    const unique = new Set(slots).size === slots.length;
    if (
      slots.some((i) => i < 0) ||
      !unique ||
      query.parameters.filter((p) => sentinels.includes(p as never)).length !== slots.length
    )
      throw new Error(`precompiled: each sentinel must appear exactly once in ${query.sql}`);
    return { query, slots };
  };
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let entry = byEngine.get(adapter);
    if (!entry) {
      entry = compile(db);
      byEngine.set(adapter, entry);
    }
    const parameters = entry.query.parameters.slice();
    for (const [i, slot] of entry.slots.entries()) parameters[slot] = args[i];
    const result = await db.executeQuery<Row>({ ...entry.query, parameters });
    return result.rows;
  };
}
