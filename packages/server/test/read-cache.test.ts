import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readNow, startReadCache, withStatementCache } from '../src/db';
import { LISTEN_RETRY_MS } from '../src/db/pg-read-cache';
import {
  createReadCache,
  derivedFrom,
  EXTERNAL_CHECK_MS,
  isShared,
  type ReadCache,
  sqliteSource,
} from '../src/db/read-cache';
import { contractSerializer } from '../src/plugins/serializer';
import { ENGINES, freshDatabase } from './context';

interface Tables {
  people: { id: number; name: string };
  pets: { id: number; owner: number; name: string };
  notes: { id: number; text: string };
}

/*
 * The read cache on a real SQLite file, through Kysely as the app uses it: a cached read is served
 * only while no table it read has been written, by this connection or by another process.
 */
describe('read cache (SQLite)', () => {
  let dir: string;
  let file: string;
  let sqlite: SqliteDatabase.Database;
  let db: Kysely<Tables>;
  let cache: ReadCache;
  let clock: number;
  let loads: number;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dosedot-read-cache-'));
    file = path.join(dir, 'cache.sqlite');
    sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    clock = 1_000_000;
    cache = createReadCache(sqliteSource(sqlite, { now: () => clock }), { size: 3 });
    db = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, 50, cache) }),
    });
    // The schema arrives through the connection, as migrations do: the cache learns the tables.
    await sql`create table people (id integer primary key, name text not null)`.execute(db);
    await sql`create table pets (id integer primary key, owner integer not null, name text not null)`.execute(
      db,
    );
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await db.insertInto('people').values({ id: 1, name: 'Anna' }).execute();
    await db.insertInto('pets').values({ id: 1, owner: 1, name: 'Rex' }).execute();
    loads = 0;
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A person with their pets: two queries, two tables. */
  const personWithPets = () =>
    cache.read('person:1', async () => {
      loads++;
      const person = await db.selectFrom('people').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      const pets = await db.selectFrom('pets').select('name').where('owner', '=', 1).execute();
      return { ...person, pets: pets.map((p) => p.name) };
    });

  it('serves a repeated read from memory', async () => {
    expect(await personWithPets()).toEqual({ id: 1, name: 'Anna', pets: ['Rex'] });
    expect(await personWithPets()).toEqual({ id: 1, name: 'Anna', pets: ['Rex'] });
    expect(loads).toBe(1);
  });

  it('reads again after a write to any table the read used, and not after a write elsewhere', async () => {
    await personWithPets();
    await db.insertInto('notes').values({ id: 1, text: 'unrelated' }).execute();
    await personWithPets();
    expect(loads).toBe(1);

    await db.updateTable('people').set({ name: 'Anna B.' }).where('id', '=', 1).execute();
    expect((await personWithPets()).name).toBe('Anna B.');
    expect(loads).toBe(2);

    // The second query's table counts as much as the first's.
    await db.insertInto('pets').values({ id: 2, owner: 1, name: 'Mia' }).execute();
    expect((await personWithPets()).pets).toEqual(['Rex', 'Mia']);
    expect(loads).toBe(3);

    await sql`delete from pets where id = 2`.execute(db);
    expect((await personWithPets()).pets).toEqual(['Rex']);
    expect(loads).toBe(4);
  });

  it("counts a write to a table as a write of what that table's triggers write", async () => {
    // A cache told of the trigger (as db/index.ts tells it of the data-version triggers).
    const told = createReadCache(sqliteSource(sqlite, { now: () => clock }), {
      triggers: { notes: ['people'] },
    });
    const toldDb = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, 50, told) }),
    });
    await sql`create trigger noted after insert on notes begin update people set name = name || '!' where id = 1; end`.execute(
      toldDb,
    );
    const name = () =>
      told.read(
        'name',
        async () =>
          (await toldDb.selectFrom('people').select('name').where('id', '=', 1).executeTakeFirstOrThrow())
            .name,
      );
    expect(await name()).toBe('Anna');
    await toldDb.insertInto('notes').values({ id: 9, text: 'a note' }).execute();
    expect(await name()).toBe('Anna!');
  });

  it('counts a write with RETURNING as a write (better-sqlite3 calls it a reader)', async () => {
    await personWithPets();
    const updated = await db
      .updateTable('people')
      .set({ name: 'Anna C.' })
      .where('id', '=', 1)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(updated.name).toBe('Anna C.');
    expect((await personWithPets()).name).toBe('Anna C.');
    await db.insertInto('pets').values({ id: 3, owner: 1, name: 'Bo' }).returning('id').execute();
    expect((await personWithPets()).pets).toEqual(['Rex', 'Bo']);
    // A write behind a WITH clause, returning rows too.
    await sql`with gone as (select 3 as id) delete from pets where id in (select id from gone) returning id`.execute(
      db,
    );
    expect((await personWithPets()).pets).toEqual(['Rex']);
    expect(loads).toBe(4);
  });

  it('never keeps what an open transaction read, and forgets everything on a rollback', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('people').set({ name: 'Never committed' }).where('id', '=', 1).execute();
        // A read through the cache while the transaction is open sees the uncommitted name…
        expect(
          (await cache.read('inside', () => trx.selectFrom('people').selectAll().execute()))[0]?.name,
        ).toBe('Never committed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …but did not keep it: the next read is the committed row.
    expect((await cache.read('inside', () => db.selectFrom('people').selectAll().execute()))[0]?.name).toBe(
      'Anna',
    );
    expect(await personWithPets()).toMatchObject({ name: 'Anna' });
  });

  it('a write while a read is loading makes that read stale at once', async () => {
    const read = cache.read('slow', async () => {
      loads++;
      const row = await db.selectFrom('people').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      // Another request writes between this read's first query and its end.
      await db.updateTable('people').set({ name: 'Changed meanwhile' }).where('id', '=', 1).execute();
      return row.name;
    });
    expect(await read).toBe('Anna');
    const again = await cache.read('slow', async () => {
      loads++;
      return (await db.selectFrom('people').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()).name;
    });
    expect(again).toBe('Changed meanwhile');
    expect(loads).toBe(2);
  });

  it('sees a write another process commits, within EXTERNAL_CHECK_MS', async () => {
    await personWithPets();
    const other = new SqliteDatabase(file);
    other.prepare("update people set name = 'Written elsewhere' where id = 1").run();
    other.close();
    // Within the check interval the cache has not looked yet.
    expect((await personWithPets()).name).toBe('Anna');
    clock += EXTERNAL_CHECK_MS;
    expect((await personWithPets()).name).toBe('Written elsewhere');
    expect(loads).toBe(2);
  });

  it('forgets everything when the schema changes, and then follows the new table', async () => {
    await personWithPets();
    await sql`create table visits (id integer primary key, person integer not null)`.execute(db);
    await personWithPets();
    expect(loads).toBe(2);
    const visits = () =>
      cache.read('visits', async () => {
        loads++;
        return (await sql<{ n: number }>`select count(*) as n from visits`.execute(db)).rows[0]?.n;
      });
    expect(await visits()).toBe(0);
    await sql`insert into visits (id, person) values (1, 1)`.execute(db);
    expect(await visits()).toBe(1);
  });

  it('hands out frozen values, keeps at most `size` reads, and does not keep failures', async () => {
    const value = await personWithPets();
    expect(Object.isFrozen(value) && Object.isFrozen(value.pets)).toBe(true);
    expect(() => (value.pets as string[]).push('x')).toThrow(TypeError);

    for (const key of ['a', 'b', 'c', 'd'])
      await cache.read(key, () => db.selectFrom('notes').selectAll().execute());
    expect(cache.size).toBe(3);

    await expect(
      cache.read('fails', async () => {
        await db.selectFrom('people').selectAll().execute();
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    let called = false;
    await cache.read('fails', async () => {
      called = true;
      return db.selectFrom('people').selectAll().execute();
    });
    expect(called).toBe(true);
  });

  it('derives from a cached value once while it lives, and serializes it once; a new read is derived again', async () => {
    let presented = 0;
    const present = (person: { name: string; pets: readonly string[] }) => {
      presented++;
      return { title: `${person.name} (${person.pets.length})` };
    };
    const stringify = contractSerializer(false)({
      schema: z.object({ title: z.string() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as unknown as Parameters<ReturnType<typeof contractSerializer>>[0]);

    const first = derivedFrom(await personWithPets(), 'title', present);
    const again = derivedFrom(await personWithPets(), 'title', present);
    expect(again).toBe(first);
    expect(presented).toBe(1);
    expect(isShared(first) && Object.isFrozen(first)).toBe(true);
    // Written once: the very same bytes come back for the same value.
    expect(String(stringify(first))).toBe('{"title":"Anna (1)"}');
    expect(stringify(again)).toBe(stringify(first));
    expect(stringify({ title: 'Anna (1)' })).toBe('{"title":"Anna (1)"}');

    // A value that no cache handed out is derived each time and never kept.
    const plain = { name: 'Ben', pets: [] };
    derivedFrom(plain, 'title', present);
    derivedFrom(plain, 'title', present);
    expect(presented).toBe(3);
    expect(isShared(plain)).toBe(false);

    // A write makes a new read, so the answer and its JSON follow the row.
    await db.updateTable('people').set({ name: 'Anna Muster' }).where('id', '=', 1).execute();
    const changed = derivedFrom(await personWithPets(), 'title', present);
    expect(changed).not.toBe(first);
    expect(String(stringify(changed))).toBe('{"title":"Anna Muster (1)"}');
  });
});

/*
 * The read cache on PostgreSQL, where other server copies (here: a second connection, as another
 * copy or an operator's psql would be) write to the same database: their commits reach the cache
 * through the triggers' notifications.
 */
describe.each(ENGINES.filter((engine) => engine === 'postgres'))('read cache (%s)', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let other: pg.Client;
  let loads: number;

  beforeEach(async () => {
    database = await freshDatabase(engine);
    await startReadCache(database.db);
    other = new pg.Client({ connectionString: (database.config as { url: string }).url });
    await other.connect();
    await database.db
      .insertInto('users')
      .values({
        email: 'cache@example.test',
        username: 'Cache Test',
        password_hash: 'x',
        role: 'basic',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    // The insert's own notification arrives after it; let it land before the tests count loads.
    await new Promise((r) => setTimeout(r, 100));
    loads = 0;
  });

  afterEach(async () => {
    await other.end();
    await database.drop();
  });

  const userName = () =>
    readNow(database.db, 'user', async () => {
      loads++;
      const row = await database.db
        .selectFrom('users')
        .select('username')
        .where('email', '=', 'cache@example.test')
        .executeTakeFirstOrThrow();
      return row.username;
    });

  /** Reads until `expected` comes back (another copy's notification is on its way), at most 2 s. */
  const eventually = async (expected: string) => {
    for (let i = 0; i < 200; i++) {
      if ((await userName()) === expected) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await userName()).toBe(expected);
  };

  it('serves a repeated read from memory and reads its own write at once', async () => {
    expect(await userName()).toBe('Cache Test');
    expect(await userName()).toBe('Cache Test');
    expect(loads).toBe(1);
    await database.db.updateTable('users').set({ username: 'Own Write' }).execute();
    expect(await userName()).toBe('Own Write');
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ username: 'In A Transaction' }).execute();
    });
    expect(await userName()).toBe('In A Transaction');
  });

  it("sees another copy's commit through its notification, and not its rolled-back write", async () => {
    expect(await userName()).toBe('Cache Test');
    await other.query('begin');
    await other.query(`update users set username = 'Rolled Back'`);
    await other.query('rollback');
    await other.query(`update users set username = 'Other Copy'`);
    await eventually('Other Copy');
    // The commit may be read before its notification arrives, which then forgets that read once.
    await new Promise((r) => setTimeout(r, 100));
    await userName();
    const before = loads;
    expect(await userName()).toBe('Other Copy');
    expect(loads).toBe(before);
  });

  it('keeps nothing of a table without notifications', async () => {
    const reads = () =>
      readNow(database.db, 'audit', async () => {
        loads++;
        return database.db.selectFrom('audit_log').select('id').execute();
      });
    await reads();
    await reads();
    expect(loads).toBe(2);
  });

  it('reads from the database while the listener is down, and caches again once it is back', async () => {
    expect(await userName()).toBe('Cache Test');
    await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'listen %'`,
    );
    // Down: every read is a load, and a write by another copy is seen at once.
    for (let i = 0; i < 100 && loads < 3; i++) {
      await userName();
      await new Promise((r) => setTimeout(r, 20));
    }
    await other.query(`update users set username = 'While Down'`);
    expect(await userName()).toBe('While Down');
    // Back after LISTEN_RETRY_MS: served from memory again, and notified again.
    await new Promise((r) => setTimeout(r, LISTEN_RETRY_MS + 500));
    await userName();
    const before = loads;
    await userName();
    expect(loads).toBe(before);
    await other.query(`update users set username = 'After Reconnect'`);
    await eventually('After Reconnect');
  });
});
