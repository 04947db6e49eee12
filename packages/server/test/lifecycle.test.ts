import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './context';

describe('long-lived parts', () => {
  it('start in order when the app is ready and stop in reverse order when it closes', async () => {
    const events: string[] = [];
    const t = await createTestApp('sqlite', {
      routes: (app) => {
        app.lifecycle.add({
          name: 'first',
          start: () => void events.push('start first'),
          stop: () => void events.push('stop first'),
        });
        app.lifecycle.add({
          name: 'second',
          start: () => void events.push('start second'),
          stop: () => void events.push('stop second'),
        });
      },
    });
    expect(t.app.lifecycle.names()).toEqual([
      'database',
      'counter-pruning',
      'demo-seed',
      'fleet-seed',
      'mailer',
      'sqlite-checkpointer',
      'reminder-scheduler',
      'first',
      'second',
    ]);
    expect(events).toEqual(['start first', 'start second']);
    await t.close();
    expect(events).toEqual(['start first', 'start second', 'stop second', 'stop first']);
  });

  it('may take longer to start than Fastify allows a plugin by default (10 s)', {
    timeout: 30_000,
  }, async () => {
    const t = await createTestApp('sqlite', {
      routes: (app) => {
        // As a migration of a large database does.
        app.lifecycle.add({ name: 'slow', start: () => new Promise((r) => setTimeout(r, 10_500)) });
      },
    });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await t.close();
  });

  it('a database the app opened itself is migrated at start and closed with the app', async () => {
    const t = await createTestApp('sqlite');
    const file = path.join(t.config.dataDir, 'own.sqlite');
    const { buildApp } = await import('../src/app');
    const app = await buildApp({
      config: { ...t.config, database: { kind: 'sqlite', file }, seedDemo: false },
      logger: false,
    });
    expect(existsSync(file)).toBe(true);
    await app.ready();
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      app.db,
    );
    expect(tables.rows.map((r) => r.name)).toContain('users');
    const own = app.db;
    await app.close();
    await expect(sql`select 1`.execute(own)).rejects.toThrow();
    await t.close();
  });
});
