import { describe, expect, it } from 'vitest';
import { simulatorPart } from '../src/features/ingest/simulator';
import { createTestApp } from './context';

const off = { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } };

describe('SIMULATE: the demo boxes inside the server', () => {
  it('is a lifecycle part only when SIMULATE=true, and stops with the app', async () => {
    const without = await createTestApp('sqlite', { config: off });
    expect(without.app.lifecycle.names()).not.toContain('simulator');
    await without.close();
    const t = await createTestApp('sqlite', { env: { SIMULATE: 'true' }, config: off });
    expect(t.app.lifecycle.names()).toContain('simulator');
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('sends the demo boxes’ uplinks through the ingestion, pressing near their dosage times', async () => {
    const t = await createTestApp('sqlite', {
      config: off,
      routes: (app) =>
        app.lifecycle.add(
          simulatorPart({
            db: app.db,
            ingest: app.ingest,
            log: app.log,
            days: 0.5,
            speed: 0,
            until: Date.now() - 60_000,
          }),
        ),
    });
    try {
      const count = async () =>
        (await t.db.selectFrom('uplinks').select(['deveui', 'source']).execute()).map(
          (r) => `${r.deveui} ${r.source}`,
        );
      const deadline = Date.now() + 10_000;
      let seen = await count();
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        const now = await count();
        if (now.length > 0 && now.length === seen.length) break;
        seen = now;
      }
      const kinds = new Set(await count());
      expect(kinds).toEqual(
        new Set(['A84041000181C001 tts:simulator', 'A84041000181C002 chirpstack:simulator']),
      );
      // Half a day of 10-minute reports from two boxes.
      expect((await count()).length).toBeGreaterThan(100);
      const sensors = await t.db
        .selectFrom('sensors')
        .select(['deveui', 'battery'])
        .orderBy('deveui')
        .execute();
      expect(sensors.map((s) => s.deveui)).toEqual(['A84041000181C001', 'A84041000181C002']);
    } finally {
      await t.close();
    }
  });
});
