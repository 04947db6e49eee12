import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase } from './context';

/* The scale plan's index (migration 2026_11_25_0710_scale_plan; docs/operations.md 'Scale on paper'). */
describe.each(ENGINES)('the scale plan on %s', (engine) => {
  let d: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    d = await freshDatabase(engine);
  });
  afterAll(async () => {
    await d?.drop();
  });

  it('indexes the uplinks by the time they were stored (BRIN on PostgreSQL)', async () => {
    if (engine === 'postgres') {
      const { rows } = await sql<{ indexdef: string }>`
        select indexdef from pg_indexes where tablename = 'uplinks' and indexname = 'uplinks_created_at'
      `.execute(d.db);
      expect(rows.map((r) => r.indexdef)).toEqual([expect.stringMatching(/USING brin \(created_at\)$/)]);
      return;
    }
    const { rows } = await sql<{ detail: string }>`
      explain query plan select id from uplinks where created_at < ${Date.now()}
    `.execute(d.db);
    expect(rows.map((r) => r.detail).join(' ')).toMatch(
      /USING (COVERING )?INDEX uplinks_created_at \(created_at<\?\)/,
    );
  });
});
