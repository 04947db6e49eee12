import type { AddressInfo } from 'node:net';
import { DOSEDOT_FPORT, encodeDoseDot, ttsUplinkMessage } from '@dosedot/domain/lorawan';
import {
  HTTPAuthorizationError,
  HTTPBadRequestError,
  HTTPError,
  HTTPForbiddenError,
  HTTPNotFoundError,
  strapi,
} from '@strapi/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, makeAdmin, registerUser, useTestApp } from './context';

/*
 * The Strapi routes checked by code we did not write: Strapi's own client (@strapi/client) calls a
 * listening server, find for the lists and findOne for one entry each (GET /api/profiles/{id},
 * GET /api/sensory-summaries/{id}), which must answer the list's entry as `{ data, meta: {} }`.
 */

const TOKEN = 'ingest-token-for-tests-0123456789';

/** The answer's JSON error of a failed client call (the client throws the Response with it). */
async function errorOf(call: Promise<unknown>) {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HTTPError)) throw new Error(`expected an HTTPError, got ${String(err)}`);
  return { err, body: (await err.response.json()) as { error: Record<string, unknown> } };
}

describe.each(ENGINES)('Strapi find and findOne with @strapi/client on %s', (engine) => {
  const t = useTestApp(engine, { env: { INGEST_TOKEN: TOKEN } });
  let baseURL = '';
  let admin = '';
  let patient = '';
  let patientProfileId = 0;

  beforeAll(async () => {
    const a = await registerUser(t.app, { username: 'Ada Findone' });
    await makeAdmin(t.db, a.user.id);
    admin = a.jwt;
    const p = await registerUser(t.app, { username: 'Petra Müller-Findone' });
    patient = p.jwt;
    const profile = (await t.app.inject({ url: '/api/profile/userdata', headers: p.auth })).json();
    patientProfileId = profile.id;
    // Two boxes heard from: one the patient holds, one free.
    for (const [deveui, fCnt] of [
      ['A840410001F1D0A1', 3],
      ['A840410001F1D0A2', 4],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/tts',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: ttsUplinkMessage({
          deveui,
          fCnt,
          fPort: DOSEDOT_FPORT,
          payload: encodeDoseDot({ battery: 81, temperature: 21, humidity: 40, motion: 1 }),
          receivedAt: Date.now() - 3_600_000,
        }),
      });
      expect(res.statusCode).toBe(200);
    }
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/api/sensor/assign',
      headers: a.auth,
      payload: { data: { profileid: patientProfileId, deveui: 'A840410001F1D0A1' } },
    });
    expect(assigned.statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseURL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  });

  const client = (auth?: string) => strapi({ baseURL, ...(auth ? { auth } : {}) });

  it('findOne of a profile answers the entry find lists, with and without the populated box', async () => {
    const profiles = client(admin).collection('profiles');
    for (const populate of [undefined, ['sensor']]) {
      const list = await profiles.find({
        pagination: { page: 1, pageSize: 100 },
        ...(populate ? { populate } : {}),
      });
      expect(list.data.length).toBeGreaterThanOrEqual(2);
      for (const entry of list.data) {
        const one = await profiles.findOne(String(entry.id), populate ? { populate } : undefined);
        expect(one).toEqual({ data: entry, meta: {} });
      }
    }
    const held = await profiles.findOne(String(patientProfileId), { populate: ['sensor'] });
    expect(held.data).toMatchObject({
      id: patientProfileId,
      attributes: {
        givenname: 'Petra',
        sensor: { data: { attributes: { deveui: 'A840410001F1D0A1' } } },
        battery: 81,
      },
    });
  });

  it('findOne of a device answers the entry find lists, its holder and service hint included', async () => {
    const devices = client(admin).collection('sensory-summaries');
    const list = await devices.find();
    expect(list.data.map((d) => d.attributes.deveui).sort()).toEqual([
      'A840410001F1D0A1',
      'A840410001F1D0A2',
    ]);
    for (const entry of list.data)
      expect(await devices.findOne(String(entry.id))).toEqual({ data: entry, meta: {} });
    const held = list.data.find((d) => d.attributes.deveui === 'A840410001F1D0A1');
    expect(held?.attributes.profile).toMatchObject({ id: patientProfileId, givenname: 'Petra' });
  });

  it.each(['profiles', 'sensory-summaries'])(
    '%s: an unknown id is a 404 JSON error, an id that is not a number a 400 naming id',
    async (resource) => {
      const items = client(admin).collection(resource);
      const missing = await errorOf(items.findOne('987654'));
      expect(missing.err).toBeInstanceOf(HTTPNotFoundError);
      expect(missing.body.error).toMatchObject({ status: 404, name: 'NotFoundError' });
      for (const id of ['abc', '1.5', '-2']) {
        const bad = await errorOf(items.findOne(id));
        expect(bad.err).toBeInstanceOf(HTTPBadRequestError);
        expect(bad.body.error).toMatchObject({
          status: 400,
          name: 'ValidationError',
          details: { errors: [expect.objectContaining({ path: ['id'] })] },
        });
      }
    },
  );

  it.each(['profiles', 'sensory-summaries'])(
    '%s: findOne is for administrators only, like the list',
    async (resource) => {
      const anonymous = await errorOf(client().collection(resource).findOne('1'));
      expect(anonymous.err).toBeInstanceOf(HTTPAuthorizationError);
      expect(anonymous.body.error).toMatchObject({ status: 401 });
      const asPatient = await errorOf(client(patient).collection(resource).findOne(String(patientProfileId)));
      expect(asPatient.err).toBeInstanceOf(HTTPForbiddenError);
      expect(asPatient.body.error).toMatchObject({ status: 403 });
      // And so is the list.
      expect(await errorOf(client(patient).collection(resource).find())).toMatchObject({
        err: expect.any(HTTPForbiddenError),
      });
    },
  );

  it('refuses what findOne cannot read with a 400 naming the parameter', async () => {
    const headers = { authorization: `Bearer ${admin}` };
    const profile = await t.app.inject({
      url: `/api/profiles/${patientProfileId}?populate=medicines`,
      headers,
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.details.errors).toEqual([expect.objectContaining({ path: ['populate'] })]);
    const device = await t.app.inject({ url: '/api/sensory-summaries/1?sort=deveui', headers });
    expect(device.statusCode).toBe(400);
    expect(device.json().error.details.errors).toEqual([expect.objectContaining({ path: ['sort'] })]);
  });
});
