import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/*
 * `dosedot_fold(text)`: the domain's foldForSearch (packages/domain/src/search/fold.ts) in SQL, for
 * accent-insensitive search on both engines (issue 24 item 3). On SQLite each connection registers
 * the function itself (db/index.ts); on PostgreSQL it is created here: lower case, ß as ss, the
 * accented Latin letters as their base letter, white space as one space. A test compares it with
 * the domain's rule on both engines (test/search-fold.test.ts).
 */
const ACCENTED = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżšśşřŕľĺłţťğ';
const PLAIN = 'aaaaaaaaacccddeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzsssrrlllttg';

export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function dosedot_fold(t text) returns text
    language sql immutable strict parallel safe
    as $$ select btrim(regexp_replace(translate(replace(lower(t), 'ß', 'ss'), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}), '\\s+', ' ', 'g')) $$
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists dosedot_fold(text)`.execute(db);
}
