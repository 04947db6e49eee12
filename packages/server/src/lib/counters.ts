import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db';

/** A fixed-window counter: how many hits in the current window, and when the window ends. */
export interface Count {
  count: number;
  resetAt: number;
}

/**
 * Counters for every limit: the per-address route limits (@fastify/rate-limit's store below),
 * failed logins and mails. One table on both engines, so every server copy on PostgreSQL counts
 * the same attempts (ARCHITECTURE §1).
 */
export interface CounterStore {
  hit(key: string, windowMs: number, now?: number): Promise<Count>;
  peek(key: string, now?: number): Promise<Count>;
  /** Takes one hit back (an attempt counted before it ran that turned out not to count). */
  undo(key: string, now?: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** One atomic upsert per hit: concurrent copies never lose a count. */
export function databaseCounters(db: Db): CounterStore {
  return {
    async hit(key, windowMs, now = Date.now()) {
      const row = await sql<{ count: number; reset_at: number | string }>`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${now + windowMs})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end
        returning count, reset_at`.execute(db);
      const r = row.rows[0];
      return { count: Number(r?.count ?? 1), resetAt: Number(r?.reset_at ?? now + windowMs) };
    },
    async peek(key, now = Date.now()) {
      const r = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return r ? { count: r.count, resetAt: r.reset_at } : { count: 0, resetAt: now };
    },
    async undo(key, now = Date.now()) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', now)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

/** Windows that ended long ago, removed now and then so the table stays small. */
export async function pruneCounters(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<', now).execute();
}

/** A store for @fastify/rate-limit over our counters (its callback interface), one key space per route. */
export function rateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  class CounterRateLimitStore implements FastifyRateLimitStore {
    /** The plugin passes its options; a route's child store passes its key space instead. */
    constructor(
      _options?: unknown,
      readonly prefix = 'ip',
    ) {}
    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      counters.hit(`${this.prefix}|${key}`, timeWindow, now).then(
        (c) => cb(null, { current: c.count, ttl: Math.max(0, c.resetAt - now) }),
        (err: Error) => cb(err),
      );
    }
    /**
     * A route's own key space, named by its method and URL (as the plugin's Redis store does: the
     * plugin passes the route's merged limit options with `routeInfo`, not what its types say).
     */
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new CounterRateLimitStore(undefined, `ip:${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  }
  return CounterRateLimitStore;
}
