import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type Db, keptInMemory, readNow } from '../db';
import { precompiled } from '../db/precompiled';
import { subjectOf } from './subject';

/*
 * Kept answers of the heavy reads (issue 25 item 1): the bytes of an answer, kept under the data
 * versions it was computed at (data_versions, bumped by triggers in every writing transaction:
 * migration 2026_11_26_0100), until the clock can change it, with its ETag.
 *
 * - Never stale: the versions are read from the database on every request, before the answer is
 *   computed, so an answer is served only while nothing it was computed from has changed, on any
 *   server copy. (Read first: a write that commits while the answer is computed makes it newer than
 *   its version, never older; the next request reads the new version and computes again.)
 * - The clock: an answer is kept until the next instant at which the clock alone can change it. A
 *   handler that knows it says so (`keepUntil`: the adherence reads name the instant the domain's
 *   `nextStatusChange` gives, or the next chart day; an answer the clock never changes, Infinity);
 *   the others are kept for the minute they were computed in, since the answers that depend on the
 *   time (a dose turns 'missed', today's chart day) change only at whole minutes (dosage times are
 *   minutes, the windows whole minutes, zones whole-minute offsets; the domain's property tests in
 *   engine.property.test.ts; the minute's first millisecond is left out).
 * - One computation per answer: requests that miss while the same answer (same key: URL, body,
 *   caller, versions) is being computed wait for it instead of computing it again. Safe as a kept
 *   answer is: a request that read the same versions saw no write the computation cannot have seen.
 * - ETag and If-None-Match: a phone that already has the answer gets 304 and downloads nothing.
 *   `private, no-cache`: the browser keeps it for this user only and asks each time.
 * - Bounded by bytes (lru-cache): the least recently used answer goes first.
 */

/** Bytes of answers kept per server process. */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/** The fleet's data version: every write to any patient's data or any box bumps it. */
export const FLEET = 0;

/** What an answer depends on, besides the request itself. */
export interface AnswerScope {
  /** The data versions it is computed from: patients' profile ids, or FLEET. One or two. */
  versions: readonly number[];
  /** Anything else that changes the answer without a write (per-process counters). */
  extra?: string;
}

/** The scope of a route behind the door that reads only the subject's own data. */
export const ofSubject = (request: FastifyRequest): AnswerScope => ({
  versions: [subjectOf(request).profileId],
});

/** The scope of an answer drawn from everyone's data (the administrators' lists, names of others). */
export const ofFleet = (): AnswerScope => ({ versions: [FLEET] });

const declaredUntil = new WeakMap<FastifyRequest, number>();

/**
 * Says, from a `keptAnswer` handler, that the answer it computes for `request` stays what it is with
 * the clock alone until `instant` (exclusive; Infinity: the clock never changes it), so it is kept
 * until then instead of for the minute. Several calls: the earliest counts.
 */
export function keepUntil(request: FastifyRequest, instant: number): void {
  const before = declaredUntil.get(request);
  declaredUntil.set(request, before === undefined ? instant : Math.min(before, instant));
}

/** The end of the minute `at` is in; `at` itself on its first millisecond (nothing is kept then). */
function endOfMinute(at: number): number {
  return at % 60_000 === 0 ? at : (Math.floor(at / 60_000) + 1) * 60_000;
}

const servable = (answer: Answer, now: number) => answer.since <= now && now < answer.until;

interface Answer {
  body: Buffer;
  etag: string;
  /** Served to requests from `since` (its computation's start) until just before `until`. */
  since: number;
  until: number;
  /** The body compressed, once, the first time a client asks for it so (as @fastify/compress would). */
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this, answers travel uncompressed (the compress plugin's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send a body of `size` bytes in: br, gzip or none. */
function encodingFor(request: FastifyRequest, size: number): 'br' | 'gzip' | undefined {
  if (size < COMPRESS_FROM_BYTES) return undefined;
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** The answer's bytes in `encoding`, compressed once and kept beside it. */
function bytesIn(answer: Answer, encoding: 'br' | 'gzip' | undefined): Buffer {
  if (encoding === 'br')
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
  else if (encoding === 'gzip') answer.gzip ??= gzipSync(answer.body);
  else return answer.body;
  return (encoding === 'br' ? answer.br : answer.gzip) as Buffer;
}

const versionsOf = precompiled(
  (db: Db, a: number, b: number) =>
    db.selectFrom('data_versions').select(['profile_id', 'version']).where('profile_id', 'in', [a, b]),
  [-7_001, -7_002],
);

export type VersionRow = { profile_id: number; version: number };

const pick = (rows: VersionRow[], ids: readonly number[]) =>
  ids.map((id) => Number(rows.find((r) => r.profile_id === id)?.version ?? 0));

const versionsAmong = (db: Db, ids: readonly number[]) =>
  db
    .selectFrom('data_versions')
    .select(['profile_id', 'version'])
    .where('profile_id', '=', sql<number>`any(${[...ids]}::int[])`)
    .execute();

interface VersionRead {
  ids: readonly number[];
  resolve: (versions: number[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Version reads on PostgreSQL, read together (like the group commit of the ingestion): while one
 * statement is on its way, the requests that arrive wait for the next, which reads all of their
 * ids at once. Each request's versions come from a statement sent after it arrived, so never older
 * than the request; under load one round trip serves many requests instead of one each.
 */
export function groupedVersionReads(
  read: (ids: readonly number[]) => Promise<VersionRow[]>,
): (ids: readonly number[]) => Promise<number[]> {
  let waiting: VersionRead[] = [];
  let onItsWay = false;
  const next = () => {
    if (onItsWay || waiting.length === 0) return;
    const reads = waiting;
    waiting = [];
    onItsWay = true;
    const ids = [...new Set(reads.flatMap((r) => r.ids))];
    const done = () => {
      onItsWay = false;
      next();
    };
    read(ids).then(
      (rows) => {
        done();
        for (const r of reads) r.resolve(pick(rows, r.ids));
      },
      (err: unknown) => {
        done();
        for (const r of reads) r.reject(err);
      },
    );
  };
  return (ids) =>
    new Promise((resolve, reject) => {
      waiting.push({ ids, resolve, reject });
      next();
    });
}

const groupedReads = new WeakMap<Db, (ids: readonly number[]) => Promise<number[]>>();

/**
 * The data versions of one or two ids (an absent row is version 0): on SQLite from the read cache,
 * at once and exact (one process sees every write; a write to a versioned table counts as a write
 * of data_versions: db/index.ts); on PostgreSQL from the database for every request, read together.
 */
function currentVersions(db: Db, ids: readonly number[]): number[] | Promise<number[]> {
  if (!keptInMemory(db)) {
    let read = groupedReads.get(db);
    if (!read) {
      read = groupedVersionReads((ids) => versionsAmong(db, ids));
      groupedReads.set(db, read);
    }
    return read(ids);
  }
  const [a = FLEET, b = a] = ids;
  const rows = readNow(db, `data-versions:${a},${b}`, () => versionsOf(db, a, b));
  return rows instanceof Promise ? rows.then((r) => pick(r, ids)) : pick(rows, ids);
}

/** The data versions of `ids` (an absent row is version 0). */
export async function dataVersions(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows: VersionRow[] = [];
  for (let i = 0; i < ids.length; i += 2) {
    const [a = FLEET, b = a] = ids.slice(i, i + 2);
    rows.push(...(await versionsOf(db, a, b)));
  }
  return pick(rows, ids);
}

const NO_CACHE = /\bno-cache\b/;

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether the request's If-None-Match names this ETag (a list, or `*`). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (!asked) return false;
  return (
    asked === etag ||
    asked.split(',').some((tag) => {
      const t = tag.trim();
      return t === '*' || t === etag || t === `W/${etag}`;
    })
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A route handler that answers from the kept answers while the scope's data versions are
     * unchanged and the clock cannot have changed the answer (`keepUntil`, else the minute), else
     * runs `handler` (once for the requests that ask the same meanwhile) and keeps its serialized answer.
     */
    keptAnswer: <R extends FastifyRequest>(
      scope: (request: R) => AnswerScope | Promise<AnswerScope>,
      handler: (request: R, reply: FastifyReply) => Promise<unknown>,
    ) => (request: R, reply: FastifyReply) => void | Promise<void>;
  }
}

export const answersPlugin = fp(
  async (app: FastifyInstance) => {
    const kept = new LRUCache<string, Answer>({
      maxSize: ANSWER_CACHE_BYTES,
      // The compressed copies are a fraction of the body; counted as a quarter of it.
      sizeCalculation: (a) => Math.ceil(a.body.length * 1.25) + 200,
    });

    const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (notModified(request, answer.etag)) return reply.code(304).send();
      const encoding = encodingFor(request, answer.body.length);
      reply.type('application/json; charset=utf-8');
      if (answer.body.length >= COMPRESS_FROM_BYTES) reply.header('vary', 'accept-encoding');
      // Sent compressed already: the compress plugin leaves an answer with an encoding alone.
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(bytesIn(answer, encoding));
    };

    /** Answers being computed, by key: a request that misses meanwhile waits for it (undefined: failed). */
    const computing = new Map<string, Promise<Answer | undefined>>();

    /** The answer of the request under `versions`: kept, being computed, or computed (and kept). */
    const answer = (
      request: FastifyRequest,
      reply: FastifyReply,
      scope: AnswerScope,
      versions: number[],
      handler: (request: never, reply: FastifyReply) => Promise<unknown>,
    ): void | Promise<void> => {
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      // The caller too: a few answers show an administrator more than the patient (a box's stretches).
      const key = `${request.method} ${request.url} ${body}|${request.currentUser?.id ?? ''}|${scope.versions.join(',')}=${versions.join(',')}|${scope.extra ?? ''}`;
      // A request that asks for no stored answer (`Cache-Control: no-cache`, a browser's hard reload)
      // gets one computed now.
      if (!NO_CACHE.test(request.headers['cache-control'] ?? '')) {
        const hit = kept.get(key);
        if (hit && servable(hit, Date.now())) {
          send(request, reply, hit);
          return;
        }
        const underWay = computing.get(key);
        if (underWay)
          return underWay.then(async (shared) => {
            // Failed, or done in another minute than it was asked in: computed for this request.
            if (shared && servable(shared, Date.now())) await send(request, reply, shared);
            else await compute(request, reply, key, handler);
          });
      }
      return compute(request, reply, key, handler);
    };

    /** Runs the handler, keeps its serialized answer until the clock can change it, and sends it. */
    const compute = (
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      handler: (request: never, reply: FastifyReply) => Promise<unknown>,
    ): Promise<void> => {
      const since = Date.now();
      const computed = handler(request as never, reply).then((data): Answer => {
        const serialized = reply.serialize(data) as string | Buffer;
        const bytes = typeof serialized === 'string' ? Buffer.from(serialized) : serialized;
        // Declared by the handler, else the end of the minute (none on its first millisecond: a dose
        // turns 'missed' just after its window's last instant).
        const until = declaredUntil.get(request) ?? endOfMinute(since);
        const result = { body: bytes, etag: etagOf(bytes), since, until };
        if (until > since) kept.set(key, result);
        return result;
      });
      const shared = computed.then(
        (result) => result,
        () => undefined,
      );
      computing.set(key, shared);
      void shared.then(() => {
        if (computing.get(key) === shared) computing.delete(key);
      });
      // From a promise, the reply is awaited until sent (Fastify's documented `await reply`).
      return computed.then(async (result) => {
        await send(request, reply, result);
      });
    };

    // Synchronous while the scope and the versions are at hand (SQLite's hot path): no promise.
    app.decorate('keptAnswer', (scopeOf, handler) => (request, reply) => {
      const withScope = (scope: AnswerScope): void | Promise<void> => {
        const versions = currentVersions(app.db, scope.versions);
        return versions instanceof Promise
          ? versions.then((v) => answer(request, reply, scope, v, handler))
          : answer(request, reply, scope, versions, handler);
      };
      const scope = scopeOf(request);
      return scope instanceof Promise ? scope.then(withScope) : withScope(scope);
    });
  },
  { name: 'dosedot-answers' },
);
