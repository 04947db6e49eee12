import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import { localToUtc } from '@dosedot/domain/time';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

/*
 * Issue 24 items 1, 4, 7 and 11: the free boxes searched on the server, only active patients hold
 * boxes, every refusal says why (details.reason), and `since` back-dates a holding.
 */

const TOKEN = 'ingest-token-for-assign-tests-0123456789';
type Auth = { authorization: string };
const HOUR = 3_600_000;

let boxes = 0;
/** A new DevEUI per call, so tests share no box. */
const newDeveui = () =>
  `A5A5${Date.now().toString(16).slice(-6)}${(boxes++).toString(16).padStart(6, '0')}`.toUpperCase();

let frames = 1;
let tags = 0;
/** A word no other test's boxes contain, so a search finds only this test's boxes. */
const newTag = () => `t${Date.now().toString(36)}${(tags++).toString(36)}`;

/** One uplink of a box through the TTS webhook, received at `at`, with a press `offsets` seconds before. */
async function uplink(app: FastifyInstance, deveui: string, at: number, offsets: number[] = []) {
  const payload = encodeDoseDot({
    battery: 64,
    temperature: 21,
    humidity: 45,
    motion: 1,
    pressOffsets: offsets,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/ingest/tts',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: ttsUplinkMessage({ deveui, fCnt: frames++, fPort: DOSEDOT_FPORT, payload, receivedAt: at }),
  });
  expect(res.statusCode).toBe(200);
}

describe.each(ENGINES)('assigning boxes on %s', (engine) => {
  const t = useTestApp(engine, {
    env: { INGEST_TOKEN: TOKEN },
    config: { pressure: { maxEventLoopDelayMs: 0, retryAfterSeconds: 5, sampleIntervalMs: 1000 } },
  });
  const call = (method: 'GET' | 'POST', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, payload });
  const admin = async () => {
    const a = await registerUser(t.app, { username: 'Ada Admin' });
    await makeAdmin(t.db, a.user.id);
    return { ...a, profileId: await profileIdOf(a.user.id) };
  };
  const profileIdOf = async (userId: number) =>
    (await t.db.selectFrom('profiles').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow())
      .id;
  const patient = async (name = 'Paula Patient') => {
    const p = await registerUser(t.app, { username: name });
    return { ...p, profileId: await profileIdOf(p.user.id) };
  };
  const assign = (auth: Auth, data: { profileid: number; deveui: string; since?: string }) =>
    call('POST', '/api/sensor/assign', auth, { data });
  /** Registers a box as an import would: DevEUI, serial and name, heard `heardAt` with `battery` %. */
  const box = async (values: { serial?: string; name?: string; battery?: number; heardAt?: number } = {}) => {
    const deveui = newDeveui();
    await t.db
      .insertInto('sensors')
      .values({
        deveui,
        serial_number: values.serial ?? null,
        name: values.name ?? null,
        device_profile: 'dosedot-v1',
        buttonmode: null,
        battery: values.battery ?? null,
        last_uplink_at: values.heardAt ?? null,
        created_at: Date.now() - 48 * HOUR,
      })
      .execute();
    return deveui;
  };
  const free = (auth: Auth, query: string) => call('GET', `/api/sensor/free?${query}`, auth);
  const assignments = (deveui: string) =>
    t.db
      .selectFrom('sensor_assignments')
      .innerJoin('sensors', 'sensors.id', 'sensor_assignments.sensor_id')
      .select(['sensor_assignments.profile_id', 'assigned_from', 'assigned_to'])
      .where('sensors.deveui', '=', deveui)
      .orderBy('assigned_from')
      .execute();
  const auditOf = async (deveui: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', deveui)
        .orderBy('id')
        .execute()
    ).map((r) => ({ action: r.action, details: JSON.parse(r.details ?? '{}') }));

  describe('GET /api/sensor/free', () => {
    it('finds free boxes by serial, name and DevEUI, accents and case ignored, with what a pick needs', async () => {
      const { auth } = await admin();
      const tag = newTag();
      const heardAt = Date.parse('2026-11-20T08:15:00Z');
      const serial = await box({ serial: `SN-${tag}-0042`, name: 'Küche', battery: 73, heardAt });
      const named = await box({ serial: `SN-${tag}-0043`, name: `Zoë Müller ${tag}` });

      const bySerial = await free(auth, `q=sn-${tag}-0042`);
      expect(bySerial.statusCode).toBe(200);
      expect(bySerial.json()).toEqual({
        data: [
          {
            id: expect.any(Number),
            deveui: serial,
            serial_number: `SN-${tag}-0042`,
            name: 'Küche',
            device_profile: 'dosedot-v1',
            battery: 73,
            sensortime: '2026-11-20T08:15:00.000Z',
          },
        ],
        meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 } },
      });
      const deveuis = async (q: string) =>
        ((await free(auth, `q=${encodeURIComponent(q)}`)).json().data as { deveui: string }[]).map(
          (b) => b.deveui,
        );
      expect(await deveuis(`zoe muller ${tag}`)).toEqual([named]);
      expect(await deveuis(`ZOË MÜLLER ${tag}`)).toEqual([named]);
      expect(await deveuis(`Kuche`)).toContain(serial);
      expect(await deveuis(serial.slice(4).toLowerCase())).toEqual([serial]);
      expect(await deveuis(`SN-${tag}`)).toEqual([serial, named].sort());
      // A LIKE wildcard in the search is a plain character.
      expect(await deveuis(`SN-${tag}%`)).toEqual([]);
    });

    it('pages through every free box, and a box that is held is not among them', async () => {
      const { auth } = await admin();
      const p = await patient();
      const tag = newTag();
      const all: string[] = [];
      for (let i = 0; i < 12; i++) all.push(await box({ serial: `SN-${tag}-${String(i).padStart(2, '0')}` }));
      all.sort();
      const page = async (n: number) => {
        const res = await free(auth, `q=${tag}&page=${n}&pageSize=5`);
        expect(res.statusCode).toBe(200);
        return res.json() as { data: { deveui: string }[]; meta: { pagination: object } };
      };
      const first = await page(1);
      expect(first.meta.pagination).toEqual({ page: 1, pageSize: 5, pageCount: 3, total: 12 });
      const seen = [...first.data, ...(await page(2)).data, ...(await page(3)).data].map((b) => b.deveui);
      expect(seen).toEqual(all);
      expect((await page(4)).data).toEqual([]);

      // A kept answer (the same bytes while nothing changed) that follows every write to a box.
      const before = await free(auth, `q=${tag}&pageSize=100`);
      expect(before.headers.etag).toBeDefined();
      expect((await free(auth, `q=${tag}&pageSize=100`)).headers.etag).toBe(before.headers.etag);
      expect((await assign(auth, { profileid: p.profileId, deveui: all[3] ?? '' })).statusCode).toBe(200);
      const after = await free(auth, `q=${tag}&pageSize=100`);
      expect(after.json().meta.pagination.total).toBe(11);
      expect(after.json().data.map((b: { deveui: string }) => b.deveui)).toEqual(
        all.filter((_, i) => i !== 3),
      );
      // An uplink's battery, written by the ingestion (or another copy of the server), shows at once.
      await t.db
        .updateTable('sensors')
        .set({ battery: 12 })
        .where('deveui', '=', all[0] ?? '')
        .execute();
      const heard = (await free(auth, `q=${tag}&pageSize=100`)).json().data as { battery: number | null }[];
      expect(heard[0]?.battery).toBe(12);
    });

    it.each([
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['colour=red', 'colour'],
    ])('answers 400 to %s, naming %s', async (query, field) => {
      const { auth } = await admin();
      const res = await free(auth, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    });

    it('is for administrators only', async () => {
      const p = await patient();
      expect((await free(p.auth, 'q=x')).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/sensor/free' })).statusCode).toBe(401);
    });
  });

  describe('refusals say why, and nothing is written', () => {
    const expectRefused = async (
      res: Awaited<ReturnType<typeof assign>>,
      status: number,
      reason: string,
      deveui: string,
      field?: string,
    ) => {
      expect(res.statusCode).toBe(status);
      const error = res.json().error;
      expect(error.details.reason).toBe(reason);
      if (field)
        expect(error.details.errors).toEqual([
          expect.objectContaining({ path: ['data', field], code: reason }),
        ]);
      expect(await assignments(deveui)).toEqual([]);
    };

    it('box unknown (400 data.deveui) and patient unknown (400 data.profileid)', async () => {
      const { auth } = await admin();
      const p = await patient();
      const ghost = newDeveui();
      await expectRefused(
        await assign(auth, { profileid: p.profileId, deveui: ghost }),
        400,
        'box_unknown',
        ghost,
        'deveui',
      );
      const real = await box();
      await expectRefused(
        await assign(auth, { profileid: 987_654, deveui: real }),
        400,
        'patient_unknown',
        real,
        'profileid',
      );
    });

    it('box held by another patient, and a patient who holds another box (409)', async () => {
      const { auth } = await admin();
      const a = await patient('Anna Holder');
      const b = await patient('Bert Other');
      const held = await box();
      const other = await box();
      expect((await assign(auth, { profileid: a.profileId, deveui: held })).statusCode).toBe(200);
      const taken = await assign(auth, { profileid: b.profileId, deveui: held });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({
        name: 'ConflictError',
        message: `Sensor ${held} is assigned to another patient: unassign it first`,
        details: { reason: 'box_held' },
      });
      expect((await assignments(held)).map((r) => r.profile_id)).toEqual([a.profileId]);
      await expectRefused(
        await assign(auth, { profileid: a.profileId, deveui: other }),
        409,
        'patient_has_box',
        other,
      );
    });

    it('an inactive profile or a blocked account holds no box (409 patient_inactive)', async () => {
      const { auth } = await admin();
      const inactive = await patient('Ina Inactive');
      await t.db.updateTable('profiles').set({ is_active: 0 }).where('id', '=', inactive.profileId).execute();
      const deveui = await box();
      await expectRefused(
        await assign(auth, { profileid: inactive.profileId, deveui }),
        409,
        'patient_inactive',
        deveui,
      );
      const blocked = await patient('Bob Blocked');
      await t.db.updateTable('users').set({ blocked: 1 }).where('id', '=', blocked.user.id).execute();
      await expectRefused(
        await assign(auth, { profileid: blocked.profileId, deveui }),
        409,
        'patient_inactive',
        deveui,
      );
    });

    it('only patients hold boxes: an administrator, even the acting one, is refused (409 patient_admin)', async () => {
      const acting = await admin();
      const other = await admin();
      const deveui = await box();
      await expectRefused(
        await assign(acting.auth, { profileid: other.profileId, deveui }),
        409,
        'patient_admin',
        deveui,
      );
      await expectRefused(
        await assign(acting.auth, { profileid: acting.profileId, deveui }),
        409,
        'patient_admin',
        deveui,
      );
      const profile = await t.db
        .selectFrom('profiles')
        .select('sensor_id')
        .where('id', '=', acting.profileId)
        .executeTakeFirstOrThrow();
      expect(profile.sensor_id).toBeNull();
    });
  });

  describe('since: when the patient got the box', () => {
    it('back-dates the holding (local time in the patient’s zone), audits it, and the presses sent since count', async () => {
      const { auth } = await admin();
      const p = await patient('Hanna Handover');
      const deveui = newDeveui();
      const now = Date.now();
      // The box was heard before anyone held it: a press 5 h ago and one 30 h ago.
      await uplink(t.app, deveui, now - 30 * HOUR, [0]);
      await uplink(t.app, deveui, now - 5 * HOUR, [0]);
      const zone = (
        await t.db
          .selectFrom('profiles')
          .select('timezone')
          .where('id', '=', p.profileId)
          .executeTakeFirstOrThrow()
      ).timezone;
      // Handed over 6 hours ago, to the minute, written as the patient's wall clock.
      const wall = new Date(now - 6 * HOUR);
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .format(wall)
        .replace(' ', 'T');
      const expected = localToUtc(local.slice(0, 10), local.slice(11), zone);

      const res = await assign(auth, { profileid: p.profileId, deveui, since: local });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        deveui,
        assignedFrom: new Date(expected).toISOString(),
        assignedTo: null,
      });
      expect(await assignments(deveui)).toEqual([
        { profile_id: p.profileId, assigned_from: expected, assigned_to: null },
      ]);
      expect(await auditOf(deveui)).toEqual([
        {
          action: 'sensor.assign',
          details: {
            profileId: p.profileId,
            profileuid: expect.any(String),
            since: new Date(expected).toISOString(),
          },
        },
      ]);

      const history = await call('POST', '/api/sensor/button/getButtonPressHistory', p.auth, {
        profileId: p.profileId,
        startDate: new Date(now - 3 * 24 * HOUR).toISOString(),
        endDate: new Date(now + HOUR).toISOString(),
      });
      expect(history.statusCode).toBe(200);
      const presses = history.json().data.presses as { sensordatetime_utc: string }[];
      // The press sent after `since` (before the assignment was made) is theirs; the older one is not.
      expect(presses).toHaveLength(1);
      const at = Date.parse(presses[0]?.sensordatetime_utc ?? '');
      expect(Math.abs(at - (now - 5 * HOUR))).toBeLessThan(1000);
    });

    it('takes a date-time with its offset as that instant', async () => {
      const { auth } = await admin();
      const p = await patient();
      const deveui = await box();
      const since = '2026-01-05T09:30:00+01:00';
      const res = await assign(auth, { profileid: p.profileId, deveui, since });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.assignedFrom).toBe('2026-01-05T08:30:00.000Z');
    });

    it('refuses a moment in the future and a malformed one (400 data.since), writing nothing', async () => {
      const { auth } = await admin();
      const p = await patient();
      const deveui = await box();
      const future = await assign(auth, {
        profileid: p.profileId,
        deveui,
        since: new Date(Date.now() + 2 * HOUR).toISOString(),
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().error.details).toMatchObject({
        reason: 'since_future',
        errors: [{ path: ['data', 'since'], code: 'since_future' }],
      });
      for (const since of ['yesterday', '2026-02-30T10:00', '2026-01-05T25:00', '']) {
        const bad = await assign(auth, { profileid: p.profileId, deveui, since });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
          'data.since',
        );
      }
      expect(await assignments(deveui)).toEqual([]);
      expect(await auditOf(deveui)).toEqual([]);
    });

    it('refuses a moment before the patient gave back their previous box (400 since_before_own_return)', async () => {
      const { auth } = await admin();
      const p = await patient('Petra Twoboxes');
      const first = await box();
      const second = await box();
      expect(
        (
          await assign(auth, {
            profileid: p.profileId,
            deveui: first,
            since: new Date(Date.now() - 10 * HOUR).toISOString(),
          })
        ).statusCode,
      ).toBe(200);
      const off = await t.app.inject({
        method: 'PUT',
        url: '/api/sensor/unassign',
        headers: auth,
        payload: { data: { deveui: first } },
      });
      expect(off.statusCode).toBe(200);
      const returnedAt = Date.parse(off.json().data.assignedTo);
      const overlapping = await assign(auth, {
        profileid: p.profileId,
        deveui: second,
        since: new Date(returnedAt - 5 * HOUR).toISOString(),
      });
      expect(overlapping.statusCode).toBe(400);
      expect(overlapping.json().error.details).toMatchObject({
        reason: 'since_before_own_return',
        returnedAt: new Date(returnedAt).toISOString(),
        errors: [{ path: ['data', 'since'], code: 'since_before_own_return' }],
      });
      expect(await assignments(second)).toEqual([]);
      const ok = await assign(auth, {
        profileid: p.profileId,
        deveui: second,
        since: new Date(returnedAt).toISOString(),
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a moment before the previous holder gave the box back (400 since_before_return)', async () => {
      const { auth } = await admin();
      const first = await patient('First Holder');
      const second = await patient('Second Holder');
      const deveui = await box();
      const started = Date.now() - 10 * HOUR;
      expect(
        (await assign(auth, { profileid: first.profileId, deveui, since: new Date(started).toISOString() }))
          .statusCode,
      ).toBe(200);
      const unassigned = await t.app.inject({
        method: 'PUT',
        url: '/api/sensor/unassign',
        headers: auth,
        payload: { data: { deveui } },
      });
      expect(unassigned.statusCode).toBe(200);
      const returnedAt = Date.parse(unassigned.json().data.assignedTo);

      const early = await assign(auth, {
        profileid: second.profileId,
        deveui,
        since: new Date(returnedAt - 60_000).toISOString(),
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().error.details).toMatchObject({
        reason: 'since_before_return',
        returnedAt: new Date(returnedAt).toISOString(),
        errors: [{ path: ['data', 'since'], code: 'since_before_return' }],
      });
      expect((await assignments(deveui)).map((r) => r.profile_id)).toEqual([first.profileId]);

      const ok = await assign(auth, {
        profileid: second.profileId,
        deveui,
        since: new Date(returnedAt).toISOString(),
      });
      expect(ok.statusCode).toBe(200);
      expect(await assignments(deveui)).toEqual([
        { profile_id: first.profileId, assigned_from: started, assigned_to: returnedAt },
        { profile_id: second.profileId, assigned_from: returnedAt, assigned_to: null },
      ]);
    });
  });

  describe('assignments at the same moment', () => {
    const ROUNDS = 5;
    /** The open holdings (no end yet) of a box or of a patient. */
    const openHoldings = (where: { deveui: string } | { profileId: number }) =>
      t.db
        .selectFrom('sensor_assignments')
        .innerJoin('sensors', 'sensors.id', 'sensor_assignments.sensor_id')
        .select(['sensors.deveui', 'sensor_assignments.profile_id'])
        .where('assigned_to', 'is', null)
        .where((eb) =>
          'deveui' in where
            ? eb('sensors.deveui', '=', where.deveui)
            : eb('sensor_assignments.profile_id', '=', where.profileId),
        )
        .execute();
    const boxOf = async (profileId: number) =>
      (
        await t.db
          .selectFrom('profiles')
          .select('sensor_id')
          .where('id', '=', profileId)
          .executeTakeFirstOrThrow()
      ).sensor_id;
    const idOf = async (deveui: string) =>
      (await t.db.selectFrom('sensors').select('id').where('deveui', '=', deveui).executeTakeFirstOrThrow())
        .id;

    it('two boxes given to one patient at once: one is theirs, the other is refused (409 patient_has_box)', async () => {
      const { auth } = await admin();
      for (let round = 0; round < ROUNDS; round++) {
        const p = await patient();
        const boxes = [await box(), await box()];
        const answers = await Promise.all(
          boxes.map((deveui) => assign(auth, { profileid: p.profileId, deveui })),
        );
        expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
        expect(answers.find((a) => a.statusCode === 409)?.json().error.details.reason).toBe(
          'patient_has_box',
        );
        const held = await openHoldings({ profileId: p.profileId });
        expect(held, `round ${round}`).toHaveLength(1);
        expect(await boxOf(p.profileId)).toBe(await idOf(held[0]?.deveui ?? ''));
        for (const deveui of boxes) expect((await openHoldings({ deveui })).length).toBeLessThanOrEqual(1);
      }
    });

    it('one box given to two patients at once: one holds it, the other is refused (409 box_held)', async () => {
      const { auth } = await admin();
      for (let round = 0; round < ROUNDS; round++) {
        const patients = [await patient('Anna Race'), await patient('Bert Race')];
        const deveui = await box();
        const answers = await Promise.all(
          patients.map((p) => assign(auth, { profileid: p.profileId, deveui })),
        );
        expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
        expect(answers.find((a) => a.statusCode === 409)?.json().error.details.reason).toBe('box_held');
        expect(await openHoldings({ deveui }), `round ${round}`).toHaveLength(1);
      }
    });

    it('the same box given to the same patient twice at once (a double click) opens one holding', async () => {
      const { auth } = await admin();
      for (let round = 0; round < ROUNDS; round++) {
        const p = await patient();
        const deveui = await box();
        const answers = await Promise.all([1, 2].map(() => assign(auth, { profileid: p.profileId, deveui })));
        // As when the second click comes later: the box is already theirs, nothing changes.
        expect(
          answers.map((a) => a.statusCode),
          `round ${round}`,
        ).toEqual([200, 200]);
        expect(answers[1]?.json()).toEqual(answers[0]?.json());
        expect(await openHoldings({ deveui }), `round ${round}`).toHaveLength(1);
        expect(await openHoldings({ profileId: p.profileId })).toHaveLength(1);
      }
    });
  });
});
