import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { computeAdherence } from '@dosedot/domain/adherence';
import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage, type UplinkSpec } from '@dosedot/domain/lorawan';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db';
import { presentAdherence } from '../src/features/adherence/presenter';
import { mqttClientIds } from '../src/features/ingest/mqtt';
import { ENGINES, type Engine, enteredAt, freshDatabase, giveBox, PASSWORD, uniqueEmail } from './context';
import { holdBroker, type ServerProcess, send, startServer, until } from './processes';

/*
 * Crashes for real (issue 25 item 4): the server process (node --import tsx src/main.ts) on a SQLite
 * file and on PostgreSQL, ingestion driven over the webhook by several senders at once, SIGKILL in
 * the middle, a restart on the same data. Ingestion answers 200 only after the uplink's transaction
 * is durable (SQLite: its write-ahead log flushed to disk after the commit), so every acknowledged uplink must be there,
 * once; what was sent but not answered may or may not be, and sending everything again stores each
 * frame exactly once. The adherence answer over those days then equals the domain engine's
 * recomputation over every press sent. Over MQTT (when TEST_MQTT_URL is set): QoS 1 messages are
 * acknowledged to the broker only after the commit, so with a kept session (clientId) the broker
 * delivers again what the killed process had not acknowledged, and each is stored once. SIGTERM
 * during load: every request written before the signal gets an answer, and the process exits 0.
 */
const TOKEN = `crash-${randomBytes(12).toString('hex')}`;
const ingestAuth = { authorization: `Bearer ${TOKEN}` };
const BROKER = process.env.TEST_MQTT_URL;
const DEVEUI = 'D05ED07000C0FFEE';
const START = Date.parse('2026-03-02T00:00:00Z');
const FROM = '2026-03-02';
const TO = '2026-03-08';

/** Frame i of the patient's box: every 30 minutes, a press every second hour. */
const frame = (i: number): UplinkSpec => ({
  deveui: DEVEUI,
  fCnt: i,
  fPort: DOSEDOT_FPORT,
  payload: encodeDoseDot({
    battery: 90,
    temperature: 21,
    humidity: 40,
    motion: 1,
    pressOffsets: i % 4 === 0 ? [0] : [],
  }),
  receivedAt: START + i * 30 * 60_000,
});
const pressesOf = (frames: number[]) => frames.filter((i) => i % 4 === 0).map((i) => frame(i).receivedAt);

/** The stored uplinks of the box, per frame counter. */
async function storedFrames(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('uplinks')
    .select(['f_cnt', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('deveui', '=', DEVEUI)
    .groupBy('f_cnt')
    .execute();
  return new Map(rows.map((r) => [Number(r.f_cnt), Number(r.n)]));
}

const postUplink = (url: string, i: number) =>
  send(`${url}/api/ingest/tts`, 'POST', ttsUplinkMessage(frame(i)), ingestAuth);

describe.each(ENGINES)('crashes of the server process on %s', (engine: Engine) => {
  let db: Db;
  let dropDb: () => Promise<void> = async () => {};
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  const processes: ServerProcess[] = [];
  let env: Record<string, string>;
  let patient: { auth: Record<string, string>; medicineId: number; userId: number };

  const start = async (extra: Record<string, string> = {}) => {
    const s = await startServer({ ...env, ...extra }, dataDir === undefined ? {} : { dataDir });
    dataDir ??= s.dir;
    processes.push(s);
    server = s;
    return s;
  };

  beforeAll(async () => {
    env = {
      INGEST_TOKEN: TOKEN,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HEALTH_DATA_KEY: randomBytes(32).toString('hex'),
    };
    if (engine === 'postgres') {
      const fresh = await freshDatabase('postgres');
      db = fresh.db;
      dropDb = fresh.drop;
      env.DATABASE_URL = fresh.config.kind === 'postgres' ? fresh.config.url : '';
    }
    const s = await start();
    if (engine === 'sqlite') db = createDb({ kind: 'sqlite', file: path.join(s.dir, 'dosedot.sqlite') });

    // A patient with a medicine at 08:00 and 20:00 and the box, theirs and tracked from the start.
    const email = uniqueEmail('crash');
    expect(
      (
        await send(`${s.url}/api/auth/local/register`, 'POST', {
          username: 'Karl Crash',
          email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const login = (await (
      await send(`${s.url}/api/auth/local`, 'POST', { identifier: email, password: PASSWORD })
    ).json()) as {
      jwt: string;
      user: { id: number };
    };
    const auth = { authorization: `Bearer ${login.jwt}` };
    const added = await send(
      `${s.url}/api/medicine/assignMedicine`,
      'POST',
      { data: { name: 'Metoprolol', start_date: FROM, dosage_times: ['08:00', '20:00'] } },
      auth,
    );
    expect(added.status).toBe(200);
    const medicineId = ((await added.json()) as { data: { id: number } }).data.id;
    await enteredAt(db, medicineId, 0);
    await giveBox(db, login.user.id, { deveui: DEVEUI });
    patient = { auth, medicineId, userId: login.user.id };
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) await p.stop('SIGKILL');
    await db?.destroy();
    await dropDb();
    for (const p of processes) await p.remove();
  });

  const adherence = async (s: ServerProcess) => {
    const res = await send(`${s.url}/api/adherence?from=${FROM}&to=${TO}`, 'GET', undefined, patient.auth);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  /** The domain engine over the given presses, presented as the route presents it. */
  const recomputed = (timezone: string, presses: number[]) =>
    JSON.parse(
      JSON.stringify(
        presentAdherence(
          timezone,
          { from: FROM, to: TO },
          computeAdherence({
            timezone,
            medicines: [
              {
                id: patient.medicineId,
                startDate: FROM,
                endDate: null,
                times: ['08:00', '20:00'],
                trackedFrom: 0,
              },
            ],
            presses,
            confirmations: [],
            range: { from: FROM, to: TO },
            now: Date.now(),
          }),
          [],
          { patientUserId: patient.userId },
        ),
      ),
    ) as Record<string, unknown>;

  it('SIGKILL during webhook load: every acknowledged uplink is stored once, resent ones are duplicates, adherence equals a recomputation', async () => {
    const s = server;
    if (!s) throw new Error('no server');
    const FRAMES = 336; // a week of frames, every 30 minutes
    const acked = new Set<number>();
    const attempted = new Set<number>();
    let next = 0;
    let killed = false;
    // Eight senders at once; the process is killed once 120 uplinks are acknowledged.
    const sender = async () => {
      while (next < FRAMES && !killed) {
        const i = next++;
        attempted.add(i);
        try {
          const res = await postUplink(s.url, i);
          if (res.ok) acked.add(i);
          else throw new Error(`uplink ${i} answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (killed) return;
          throw err;
        }
        if (acked.size >= 120 && !killed) {
          killed = true;
          s.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    expect((await s.exited).signal).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(120);
    expect(attempted.size).toBeLessThan(FRAMES);

    // Restarted on the same data: everything acknowledged is there, once; nothing else is.
    const again = await start();
    const afterCrash = await storedFrames(db);
    for (const i of acked) expect(afterCrash.get(i), `frame ${i}`).toBe(1);
    for (const [i, n] of afterCrash) {
      expect(n, `frame ${i}`).toBe(1);
      expect(attempted.has(i), `frame ${i}`).toBe(true);
    }

    // Everything sent again, as a network server retries what it had no answer for (and more).
    const results: string[] = [];
    for (let from = 0; from < FRAMES; from += 16) {
      const batch = Array.from({ length: Math.min(16, FRAMES - from) }, (_, k) => from + k);
      const answers = await Promise.all(
        batch.map(async (i) => {
          const res = await postUplink(again.url, i);
          expect(res.status).toBe(200);
          return { i, result: ((await res.json()) as { data: { result: string } }).data.result };
        }),
      );
      for (const a of answers) {
        results[a.i] = a.result;
        if (afterCrash.has(a.i)) expect(a.result, `frame ${a.i}`).toBe('duplicate');
        else expect(a.result, `frame ${a.i}`).toBe('stored');
      }
    }
    const all = await storedFrames(db);
    expect(all.size).toBe(FRAMES);
    expect([...all.values()].every((n) => n === 1)).toBe(true);
    const presses = await db
      .selectFrom('button_presses')
      .innerJoin('sensors', 'sensors.id', 'button_presses.sensor_id')
      .select('pressed_at')
      .where('sensors.deveui', '=', DEVEUI)
      .orderBy('pressed_at')
      .execute();
    const allFrames = Array.from({ length: FRAMES }, (_, i) => i);
    expect(presses.map((p) => Number(p.pressed_at))).toEqual(pressesOf(allFrames));

    // The adherence of those days: what the engine gives over every press sent, once each.
    const answer = await adherence(again);
    expect(answer).toEqual(recomputed(String(answer.timezone), pressesOf(allFrames)));
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(afterCrash.size);
  }, 120_000);

  it('SIGTERM during load: every request written before the signal is answered, and the process exits 0', async () => {
    const s = server;
    if (!s) throw new Error('no server');
    // Kept-alive connections, up to 64 at once: the rest wait in the agent and go out as answers come.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const base = 1000;
    const COUNT = 256;
    let signalled = false;
    /** One raw request: `onWire` once its bytes are written, `answered` with its status. */
    const request = (i: number) => {
      const body = JSON.stringify(ttsUplinkMessage(frame(base + i)));
      const sent = { beforeSignal: false };
      let written: () => void = () => {};
      const onWire = new Promise<void>((r) => {
        written = r;
      });
      const answered = new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${s.url}/api/ingest/tts`,
          {
            method: 'POST',
            agent,
            headers: {
              ...ingestAuth,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.on('finish', () => {
          sent.beforeSignal = !signalled;
          written();
        });
        req.end(body);
      });
      return { sent, onWire, answered };
    };
    const requests = Array.from({ length: COUNT }, (_, i) => request(i));
    // The signal once the first 64 are on the wire and some are answered: the server is mid-load.
    await Promise.all(requests.slice(0, 64).map((r) => r.onWire));
    await Promise.race(requests.map((r) => r.answered));
    signalled = true;
    s.child.kill('SIGTERM');
    const outcomes = await Promise.allSettled(requests.map((r) => r.answered));
    agent.destroy();
    const before = requests.flatMap((r, i) => (r.sent.beforeSignal ? [i] : []));
    expect(before.length).toBeGreaterThanOrEqual(64);
    // Every request written before the signal is answered: stored (200), or refused in words while
    // closing (503); none meets a reset or closed connection.
    const unanswered = before.flatMap((i) => {
      const o = outcomes[i];
      return o?.status === 'rejected' ? [`${i}: ${String(o.reason)}`] : [];
    });
    expect(unanswered).toEqual([]);
    const codes = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 0));
    expect(before.map((i) => codes[i]).filter((c) => c !== 200 && c !== 503)).toEqual([]);
    expect(await s.exited).toEqual({ code: 0, signal: null });
    // What was answered 200 is on disk.
    const stored = await storedFrames(db);
    codes.forEach((c, i) => {
      if (c === 200) expect(stored.get(base + i), `frame ${base + i}`).toBe(1);
    });
  }, 120_000);

  it.runIf(BROKER)(
    'SIGKILL while consuming MQTT (kept session): the broker delivers again, each uplink stored once',
    async () => {
      const clientId = `dosedot-crash-${randomBytes(4).toString('hex')}`;
      const group = `crash${randomBytes(4).toString('hex')}`;
      const mqttUrl = `${BROKER}${BROKER?.includes('?') ? '&' : '?'}group=${group}&clientId=${clientId}`;
      // No other file's burst of uplinks meanwhile (processes.ts); rows are told apart by DevEUI anyway.
      const releaseBroker = await holdBroker();
      let publisher: mqtt.MqttClient | undefined;
      try {
        const first = await start({ MQTT_URL: mqttUrl });
        const pub = await mqtt.connectAsync(BROKER ?? '', {
          clientId: `crash-pub-${randomBytes(4).toString('hex')}`,
        });
        publisher = pub;
        const base = 2000;
        const COUNT = 300;
        const app = `app-${randomBytes(3).toString('hex')}`;
        const counted = async () => {
          const m = await storedFrames(db);
          return [...m.keys()].filter((k) => k >= base).length;
        };
        const publishing = Promise.all(
          Array.from({ length: COUNT }, (_, i) =>
            pub.publishAsync(
              `v3/${app}@ttn/devices/box/up`,
              JSON.stringify(ttsUplinkMessage(frame(base + i))),
              {
                qos: 1,
              },
            ),
          ),
        );
        // Killed once some are stored, while the rest are in flight or queued at the broker.
        await until(counted, (n) => n >= 30);
        first.child.kill('SIGKILL');
        await first.exited;
        await publishing;
        const second = await start({ MQTT_URL: mqttUrl });
        const n = await until(counted, (v) => v >= COUNT, 90_000);
        expect(n).toBe(COUNT);
        const stored = await storedFrames(db);
        for (let i = base; i < base + COUNT; i++) expect(stored.get(i), `frame ${i}`).toBe(1);
        await second.stop();
      } finally {
        try {
          await publisher?.endAsync();
          // The kept sessions would stay at the broker: a clean connection with each id ends it.
          for (const id of mqttClientIds(new URL(mqttUrl)) ?? [])
            await (await mqtt.connectAsync(BROKER ?? '', { clientId: id, clean: true })).endAsync();
        } finally {
          releaseBroker();
        }
      }
    },
    150_000,
  );
});
