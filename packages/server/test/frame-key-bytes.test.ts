import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import * as frameKeyBytes from '../src/db/migrations/2026_11_26_0910_frame_key_bytes';
import { ENGINES, freshDatabase } from './context';

/** Migration 2026_11_26_0910: the frame key as 32 bytes, the keys stored before converted. */
describe.each(ENGINES)('the frame key as bytes on %s', (engine) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase(engine);
  });
  afterAll(async () => fresh?.drop());

  const digest = (text: string) => createHash('sha256').update(text).digest();
  /** Raw SQL: before the migration the column holds hex text, after it bytes. */
  const insert = (db: Db, identity: string, key: string | Buffer | null) =>
    sql`insert into uplinks (identity, deveui, source, received_at, envelope, decode_status, created_at, frame_key)
      values (${identity}, '0011223344556677', 'tts:webhook', 1700000000000, '{}', 'decoded', 1700000000000, ${key})`.execute(
      db,
    );

  it('converts the hex keys stored before, keeps them unique, and goes back down', async () => {
    const db = fresh.db;
    await frameKeyBytes.down(db);
    const key = digest('frame-1');
    await insert(db, 'before-1', key.toString('hex'));
    await insert(db, 'before-2', null);
    await frameKeyBytes.up(db);

    const rows = await db
      .selectFrom('uplinks')
      .select(['identity', 'frame_key'])
      .orderBy('identity')
      .execute();
    expect(
      rows.map((r) => [r.identity, r.frame_key === null ? null : Buffer.from(r.frame_key).toString('hex')]),
    ).toEqual([
      ['before-1', key.toString('hex')],
      ['before-2', null],
    ]);
    expect(rows[0]?.frame_key?.length).toBe(32);
    // The same frame again, with another identity: the unique key refuses it.
    await expect(insert(db, 'after-1', key)).rejects.toThrow();
    await insert(db, 'after-2', digest('frame-2'));

    await frameKeyBytes.down(db);
    const hex = await sql<{ identity: string; frame_key: string | null }>`
      select identity, frame_key from uplinks order by identity`.execute(db);
    expect(hex.rows).toEqual([
      { identity: 'after-2', frame_key: digest('frame-2').toString('hex') },
      { identity: 'before-1', frame_key: key.toString('hex') },
      { identity: 'before-2', frame_key: null },
    ]);
    await frameKeyBytes.up(db);
  });
});
