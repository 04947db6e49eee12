import { randomBytes } from 'node:crypto';
import { chirpstackUpEvent, DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, makeAdmin, PASSWORD, uniqueEmail } from './context';
import { holdBroker, type ServerProcess, send, startServer, until } from './processes';

/*
 * Two real server processes (node --import tsx src/main.ts) on one PostgreSQL database and the local
 * Mosquitto broker, as two copies run behind a load balancer (issue 25 item 3). CI sets both
 * TEST_DATABASE_URL and TEST_MQTT_URL; without them this file is skipped (the title says why).
 * Rate limits and lockouts across two processes: shared-limits.test.ts.
 */
const BROKER = process.env.TEST_MQTT_URL;
const READY = Boolean(process.env.TEST_DATABASE_URL && BROKER);

describe.runIf(READY)(
  'two server processes on one PostgreSQL database and one MQTT broker (skipped without TEST_DATABASE_URL and TEST_MQTT_URL)',
  () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let a: ServerProcess;
    let b: ServerProcess;
    let publisher: mqtt.MqttClient;
    let releaseBroker: () => void = () => {};
    // A share group of this run's own: another DoseDot on the broker takes none of these uplinks.
    const group = `several${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      // No other file's burst of uplinks while these copies are subscribed (processes.ts).
      releaseBroker = await holdBroker();
      db = await freshDatabase('postgres');
      const env = {
        DATABASE_URL: db.config.kind === 'postgres' ? db.config.url : '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        HEALTH_DATA_KEY: randomBytes(32).toString('hex'),
        MQTT_URL: `${BROKER}${BROKER?.includes('?') ? '&' : '?'}group=${group}`,
      };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      publisher = await mqtt.connectAsync(BROKER ?? '', {
        clientId: `several-pub-${randomBytes(4).toString('hex')}`,
      });
    }, 120_000);
    afterAll(async () => {
      try {
        await publisher?.endAsync();
        await Promise.all([a?.remove(), b?.remove()]);
        await db?.drop();
      } finally {
        releaseBroker();
      }
    });

    /** Registers on one copy and signs in on it: the token and the user's id. */
    const signUp = async (on: ServerProcess, username: string) => {
      const email = uniqueEmail('several');
      expect(
        (await send(`${on.url}/api/auth/local/register`, 'POST', { username, email, password: PASSWORD }))
          .status,
      ).toBe(200);
      const login = await send(`${on.url}/api/auth/local`, 'POST', { identifier: email, password: PASSWORD });
      expect(login.status).toBe(200);
      const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
      return { id: user.id, email, auth: { authorization: `Bearer ${jwt}` } };
    };
    const signIn = async (on: ServerProcess, email: string) => {
      const login = await send(`${on.url}/api/auth/local`, 'POST', { identifier: email, password: PASSWORD });
      expect(login.status).toBe(200);
      return { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    };
    const me = async (on: ServerProcess, auth: Record<string, string>) =>
      (await send(`${on.url}/api/users/me`, 'GET', undefined, auth)).status;

    it('a token from one copy works on the other; a logout on one is refused on the other', async () => {
      const user = await signUp(a, 'Lena Zwei');
      expect(await me(a, user.auth)).toBe(200);
      expect(await me(b, user.auth)).toBe(200);
      const onB = await signIn(b, user.email);
      expect(await me(a, onB)).toBe(200);

      expect((await send(`${a.url}/api/auth/logout`, 'POST', {}, user.auth)).status).toBe(200);
      // The other copy's read cache hears of the ended session through PostgreSQL's NOTIFY at the
      // commit (db/pg-read-cache.ts): asked before it arrives, it may still answer for a moment.
      expect(
        await until(
          () => me(b, user.auth),
          (status) => status === 401,
        ),
      ).toBe(401);
      expect(await me(a, user.auth)).toBe(401);
      // The other session of the same user goes on, on both copies.
      expect(await me(a, onB)).toBe(200);
      expect(await me(b, onB)).toBe(200);
    }, 90_000);

    it('an impersonation session opened on one copy is seen, and ended, on the other', async () => {
      const admin = await signUp(a, 'Ida Admin');
      await makeAdmin(db.db, admin.id);
      const adminAuth = await signIn(a, admin.email);
      const patient = await signUp(b, 'Paul Patient');
      const profile = (await (
        await send(`${b.url}/api/profile/userdata`, 'GET', undefined, patient.auth)
      ).json()) as {
        profileuid: string;
      };
      const opened = await send(
        `${a.url}/api/impersonation`,
        'POST',
        {
          data: { profileuid: profile.profileuid, reason: 'Phone call: help with the schedule' },
        },
        adminAuth,
      );
      expect(opened.status).toBe(200);
      const session = ((await opened.json()) as { data: { id: number } }).data;

      const current = (on: ServerProcess) =>
        send(`${on.url}/api/impersonation/current`, 'GET', undefined, adminAuth).then(
          async (r) => ((await r.json()) as { data: { id: number } | null }).data,
        );
      expect(await current(b)).toMatchObject({ id: session.id });
      // Through the door on the other copy: the patient's medicines, read for them.
      expect(
        (await send(`${b.url}/api/medicine-schedules/imp/profile/${patient.id}`, 'GET', undefined, adminAuth))
          .status,
      ).toBe(200);

      expect(
        (await send(`${b.url}/api/impersonation/${session.id}`, 'DELETE', undefined, adminAuth)).status,
      ).toBe(200);
      expect(await current(a)).toBeNull();
    }, 90_000);

    it('uplinks published over MQTT (TTS and ChirpStack, some twice) are each stored once, split between the copies', async () => {
      const admin = await signUp(b, 'Uwe Uplinks');
      await makeAdmin(db.db, admin.id);
      const adminAuth = await signIn(b, admin.email);
      const ingestOf = async (on: ServerProcess) =>
        (
          (await (await send(`${on.url}/api/sensory-summaries`, 'GET', undefined, adminAuth)).json()) as {
            meta: { ingest: { uplinks: number; stored: number; duplicates: number } };
          }
        ).meta.ingest;

      const app = `app-${randomBytes(3).toString('hex')}`;
      const start = Date.parse('2026-03-01T06:00:00Z');
      const frames = Array.from({ length: 300 }, (_, i) => ({
        deveui: `C0FFEE00${String(i % 30).padStart(8, '0')}`,
        fCnt: i,
        fPort: DOSEDOT_FPORT,
        payload: encodeDoseDot({
          battery: 80,
          temperature: 20,
          humidity: 45,
          motion: 0,
          pressOffsets: i % 3 ? [] : [5],
        }),
        receivedAt: start + i * 60_000,
      }));
      const publish = (i: number) => {
        const f = frames[i];
        if (!f) throw new Error(`no frame ${i}`);
        return i % 2 === 0
          ? publisher.publishAsync(
              `v3/${app}@ttn/devices/box-${i % 30}/up`,
              JSON.stringify(ttsUplinkMessage(f)),
              {
                qos: 1,
              },
            )
          : publisher.publishAsync(
              `application/${app}/device/${f.deveui.toLowerCase()}/event/up`,
              JSON.stringify(chirpstackUpEvent(f)),
              { qos: 1 },
            );
      };
      await Promise.all(frames.map((_, i) => publish(i)));
      // The first 40 again (a broker redelivery, a second publisher): acknowledged, not stored again.
      await Promise.all(frames.slice(0, 40).map((_, i) => publish(i)));

      const counted = async () => {
        const [x, y] = await Promise.all([ingestOf(a), ingestOf(b)]);
        return { a: x, b: y, handled: x.uplinks + y.uplinks };
      };
      // Another test file that does not hold the broker may publish too, and every share group gets
      // its uplinks: the counters are at least ours, the rows are told apart by DevEUI.
      const mine = () =>
        db.db
          .selectFrom('uplinks')
          .select(['frame_key', 'source', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('deveui', 'like', 'C0FFEE00%')
          .groupBy(['frame_key', 'source'])
          .execute();
      const seen = await until(
        async () => ({ ...(await counted()), rows: await mine() }),
        (v) => v.handled >= 340 && v.rows.length >= 300,
      );
      expect(seen.handled).toBeGreaterThanOrEqual(340);
      expect(seen.a.stored + seen.b.stored).toBeGreaterThanOrEqual(300);
      expect(seen.a.duplicates + seen.b.duplicates).toBeGreaterThanOrEqual(40);
      // The share group split them: each copy stored some.
      expect(seen.a.stored).toBeGreaterThan(0);
      expect(seen.b.stored).toBeGreaterThan(0);

      const rows = await mine();
      expect(rows).toHaveLength(300);
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      const sources = await db.db
        .selectFrom('uplinks')
        .select(['source', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('deveui', 'like', 'C0FFEE00%')
        .groupBy('source')
        .orderBy('source')
        .execute();
      expect(sources.map((s) => [s.source, Number(s.n)])).toEqual([
        ['chirpstack:mqtt', 150],
        ['tts:mqtt', 150],
      ]);
      const presses = await db.db
        .selectFrom('button_presses')
        .innerJoin('sensors', 'sensors.id', 'button_presses.sensor_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('sensors.deveui', 'like', 'C0FFEE00%')
        .executeTakeFirstOrThrow();
      expect(Number(presses.n)).toBe(100);
    }, 120_000);
  },
);
