import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ENGINES, registerUser, uniqueEmail, useTestApp } from './context';
import { FULL_RECORD } from './health-record';

/*
 * The health record is one encrypted row per profile: saving a section reads the record, sets the
 * section and writes the record back. Writes that meet must neither lose each other's sections nor
 * fail because another connection wrote the database in between.
 */

const SECTIONS = FULL_RECORD;
const ROUNDS = 6;
const LISTED = Array.from({ length: ROUNDS + 1 }, () => uniqueEmail('record'));

describe.each(ENGINES)('health-data sections saved at once on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: LISTED.join(',') } });
  const put = (auth: Record<string, string>, section: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/health-data/${section}`, headers: auth, payload });

  it(`keeps all six when they are saved at the same moment (${ROUNDS} new records)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { auth } = await registerUser(t.app, { email: LISTED[round] });
      const answers = await Promise.all(
        Object.entries(SECTIONS).map(([section, values]) => put(auth, section, values)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Object.keys(SECTIONS).map(() => 200));
      const saved = (await t.app.inject({ url: '/api/health-data', headers: auth })).json() as {
        data: Record<string, unknown>;
      };
      const missing = Object.keys(SECTIONS).filter((section) => saved.data[section] === null);
      expect(missing, `round ${round}`).toEqual([]);
    }
  });
});

describe('health-data saves while another process writes the SQLite file', () => {
  const t = useTestApp('sqlite', { env: { HEALTH_DATA_EMAILS: LISTED[ROUNDS] ?? '' } });
  const put = (auth: Record<string, string>, section: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/health-data/${section}`, headers: auth, payload });

  it('are all answered 200: the server waits its turn for the write lock', async () => {
    const { auth } = await registerUser(t.app, { email: LISTED[ROUNDS] });
    if (t.config.database.kind !== 'sqlite') throw new Error('a SQLite file is expected');
    // Another connection to the file on its own thread, committing small writes as fast as it can
    // (in the e2e suite, the tests' helpers; in production nothing else writes, but it may).
    const writer = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const db = new (require(workerData.driver))(workerData.file);
       db.pragma('busy_timeout = 5000');
       const insert = db.prepare('INSERT INTO sensors (deveui, serial_number, created_at) VALUES (?, ?, ?)');
       let n = 0;
       parentPort.postMessage('started');
       const end = Date.now() + workerData.ms;
       while (Date.now() < end) db.transaction(() => insert.run((0x1000000000000000n + BigInt(n)).toString(16).toUpperCase(), 'OTHER-' + n++, Date.now()))();
       parentPort.postMessage(n);`,
      {
        eval: true,
        workerData: {
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
          file: t.config.database.file,
          ms: 1500,
        },
      },
    );
    const messages: unknown[] = [];
    const done = new Promise<void>((resolve, reject) => {
      writer.on('message', (m) => {
        messages.push(m);
        if (typeof m === 'number') resolve();
      });
      writer.on('error', reject);
    });
    await new Promise<void>((resolve) => writer.once('message', () => resolve()));
    const statuses: number[] = [];
    while (messages.length < 2) {
      const answers = await Promise.all(
        Object.entries(SECTIONS).map(([section, values]) => put(auth, section, values)),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    await done;
    await writer.terminate();
    // The other writer did write meanwhile, and every save of the server was kept.
    expect(messages[1]).toBeGreaterThan(100);
    expect(statuses.length).toBeGreaterThan(6);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
