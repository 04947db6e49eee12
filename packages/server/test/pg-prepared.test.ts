import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, startReadCache } from '../src/db';
import { preparedStatements } from '../src/db/pg-read-cache';
import { freshDatabase } from './context';

/** What one pooled connection has prepared: the texts of its named statements. */
async function preparedTexts(db: Db, run: (c: Db) => Promise<unknown>): Promise<string[]> {
  return db.connection().execute(async (c) => {
    await run(c);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      c,
    );
    return rows.map((r) => r.statement);
  });
}

/*
 * Named statements on PostgreSQL (db/pg-read-cache.ts, issue 25 item 1): a query's text is parsed
 * and planned once per connection, not for every execution, and a schema change under a prepared
 * statement does not break the server.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase('postgres'));
    await startReadCache(db);
  });
  afterAll(() => drop());

  it('keeps a query prepared on its connection and runs it again by name', async () => {
    const texts = await preparedTexts(db, async (c) => {
      for (const id of [1, 2, 3])
        await c.selectFrom('data_versions').select('version').where('profile_id', '=', id).execute();
    });
    const ours = texts.filter((t) => /from "data_versions" where "profile_id" = \$1/.test(t));
    expect(ours).toHaveLength(1);
  });

  it('leaves statements that are not queries unnamed', async () => {
    const texts = await preparedTexts(db, (c) => sql`set local statement_timeout = 1000`.execute(c));
    expect(texts.some((t) => /statement_timeout/.test(t))).toBe(false);
  });

  it('answers with the new columns after another copy changed the table under a prepared select *', async () => {
    await sql`create table prepared_probe (id int primary key)`.execute(db);
    await sql`insert into prepared_probe values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(db);
    // Prepared on every pooled connection it ran on…
    await Promise.all(Array.from({ length: 12 }, all));
    // …then the table changes (as a migration of a newer copy would change it).
    await sql`alter table prepared_probe add column note text default 'new'`.execute(db);
    const after = await Promise.all(Array.from({ length: 12 }, all));
    for (const r of after) expect(r.rows[0]).toEqual({ id: 1, note: 'new' });
  });
});

describe('statement names', () => {
  it('names each query text once, up to the limit, and anew after renew()', () => {
    const names = preparedStatements(2);
    const a = names.nameOf('select 1');
    expect(a).toBeDefined();
    expect(names.nameOf('select 1')).toBe(a);
    expect(names.nameOf('  WITH x as (select 1) select * from x')).toBeDefined();
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('create table t (id int)')).toBeUndefined();
    names.renew();
    const b = names.nameOf('select 1');
    expect(b).toBeDefined();
    expect(b).not.toBe(a);
  });

  it('tells the error of a prepared statement whose table changed from any other', () => {
    const names = preparedStatements();
    const outdated = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(names.outdated(outdated)).toBe(true);
    expect(names.outdated(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});
