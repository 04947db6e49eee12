import { createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import { Agent } from 'node:https';
import { chartDayOf } from '@dosedot/domain/adherence';
import { localClock } from '@dosedot/domain/reminders';
import { addDays } from '@dosedot/domain/time';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReminderService } from '../src/features/reminders';
import { ENGINES, enteredAt, giveBox, makeAdmin, memoryMailer, registerUser, useTestApp } from './context';
import {
  type BrowserKeys,
  browserKeys,
  decrypt,
  PUSH_SERVICE_PEM,
  type PushService,
  type Received,
  startPushService,
} from './push-service';

/*
 * Web Push for real (issue 26 item 2): the test runs its own push service (HTTPS on loopback, its
 * certificate in push-service.pem), subscribes a "browser" with keys it made itself (ECDH P-256 and
 * an auth secret), and decrypts what the server's scheduler sends there (RFC 8291, aes128gcm),
 * checking the title, the body and the language; and the VAPID signature (RFC 8292).
 */

vi.setConfig({ testTimeout: 60_000 });
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const silentLog = { warn() {}, error() {}, info() {} } as never;
let push: PushService;
let origin = '';
beforeAll(async () => {
  push = await startPushService();
  origin = push.origin;
});
afterAll(() => push.close());
/** What the file's push service got. */
const receivedAll = () => push.received;

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): signed by the server's key, for this push service. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, key] = match as RegExpExecArray;
  expect(key).toBe(publicKey);
  const [head, claims, signature] = (jwt as string).split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const ok = verifySignature(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(body.aud).toBe(audience);
  expect(body.sub).toMatch(/^mailto:/);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
}

describe.each(ENGINES)('Web Push on %s', (engine) => {
  const mailer = memoryMailer();
  const t = useTestApp(engine, { mailer, pushAgent: new Agent({ ca: PUSH_SERVICE_PEM }) });
  const service = () =>
    createReminderService({
      db: t.db,
      mailer,
      push: t.app.push,
      appUrl: 'https://dosedot.test',
      log: silentLog,
    });

  /** A patient in `language` with a dose a minute ago, push (and e-mail) on since before it. */
  async function patient(language: 'en' | 'de' | 'fr') {
    const p = await registerUser(t.app, { language });
    const profile = await t.db
      .selectFrom('profiles')
      .select('id')
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('profiles')
      .set({ timezone: ZONE, language })
      .where('id', '=', profile.id)
      .execute();
    const sensorId = await giveBox(t.db, p.user.id, { from: 0 });
    await t.db
      .updateTable('sensors')
      .set({ battery: 90, last_uplink_at: Date.now() - MIN })
      .where('id', '=', sensorId)
      .execute();
    const doseAt = Math.floor((Date.now() - MIN) / MIN) * MIN;
    const time = localClock(doseAt, ZONE);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: p.auth,
      payload: {
        data: { name: 'Ramipril', start_date: addDays(chartDayOf(doseAt, ZONE), -1), dosage_times: [time] },
      },
    });
    expect(added.statusCode).toBe(200);
    await enteredAt(t.db, (added.json().data as { id: number }).id, doseAt - 86_400_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/reminders/settings',
      headers: p.auth,
      payload: {
        data: {
          email: true,
          push: true,
          quietFrom: null,
          quietTo: null,
          missedAfterMinutes: 60,
          caregiverDelayMinutes: 60,
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.push).toBe(true);
    await t.db
      .updateTable('reminder_settings')
      .set({ enabled_at: doseAt - MIN })
      .where('profile_id', '=', profile.id)
      .execute();
    return { ...p, profileId: profile.id, doseAt, time };
  }

  const subscribe = (auth: Record<string, string>, endpoint: string, keys: ReturnType<typeof browserKeys>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reminders/push-subscriptions',
      headers: auth,
      payload: { data: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText } } },
    });

  it('answers 401 without a token and 400 naming the field, writing nothing', async () => {
    const p = await registerUser(t.app);
    const keys = browserKeys();
    expect((await t.app.inject({ url: '/api/reminders/push' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reminders/push-subscriptions',
          payload: { data: { endpoint: `${origin}/x`, keys: { p256dh: keys.p256dh, auth: keys.authText } } },
        })
      ).statusCode,
    ).toBe(401);
    for (const [data, field] of [
      [{ endpoint: 'not a url', keys: { p256dh: keys.p256dh, auth: keys.authText } }, 'data.endpoint'],
      [
        { endpoint: 'ftp://push.example/x', keys: { p256dh: keys.p256dh, auth: keys.authText } },
        'data.endpoint',
      ],
      [{ endpoint: `${origin}/x`, keys: { p256dh: 'short', auth: keys.authText } }, 'data.keys.p256dh'],
      [
        { endpoint: `${origin}/x`, keys: { p256dh: keys.p256dh, auth: 'not base64url!!!!!!' } },
        'data.keys.auth',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reminders/push-subscriptions',
        headers: p.auth,
        payload: { data },
      });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    }
    const rows = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', p.user.id)
      .execute();
    expect(rows).toEqual([]);
    // The key browsers subscribe with: the server's VAPID public key, an uncompressed P-256 point.
    const key = await t.app.inject({ url: '/api/reminders/push', headers: p.auth });
    expect(key.statusCode).toBe(200);
    expect(Buffer.from(key.json().data.publicKey, 'base64url')).toHaveLength(65);
  });

  it('lets only the user themself subscribe: an administrator in a session for them gets 403', async () => {
    const p = await registerUser(t.app);
    const admin = await registerUser(t.app);
    await makeAdmin(t.db, admin.user.id);
    const profile = await t.db
      .selectFrom('profiles')
      .select('profileuid')
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: admin.auth,
      payload: { data: { profileuid: profile.profileuid, reason: 'Helps with the reminders on the phone' } },
    });
    expect(session.statusCode).toBe(200);
    const asPatient = { ...admin.auth, 'x-imp-user-id': String(p.user.id) };
    const refused = await subscribe(asPatient, `${origin}/push/admin`, browserKeys());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/Only the user themself/);
    expect(
      await t.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', `${origin}/push/admin`)
        .execute(),
    ).toEqual([]);
    // Their own subscription, and its removal.
    const own = await subscribe(p.auth, `${origin}/push/own`, browserKeys());
    expect(own.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/reminders/push-subscriptions',
      headers: p.auth,
      payload: { data: { endpoint: `${origin}/push/own` } },
    });
    expect(removed.json().data).toEqual({ endpoint: `${origin}/push/own`, subscribed: false });
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', p.user.id).execute(),
    ).toEqual([]);
  });

  it('sends the reminder by push, encrypted for the browser, in the patient’s language; no e-mail', async () => {
    const p = await patient('de');
    const keys = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(6).toString('hex')}`;
    expect((await subscribe(p.auth, endpoint, keys)).statusCode).toBe(200);
    const mailsBefore = mailer.sent.length;

    await service().tick();

    const message = receivedAll().find((r) => r.path === new URL(endpoint).pathname);
    expect(message, 'the push service got the message').toBeDefined();
    const got = message as Received;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await t.app.inject({ url: '/api/reminders/push', headers: p.auth })).json().data
      .publicKey;
    checkVapid(got.headers.authorization as string, publicKey, origin);
    // The body is ciphertext: the medicine's name is nowhere in it.
    expect(got.body.includes(Buffer.from('Ramipril'))).toBe(false);

    const payload = JSON.parse(decrypt(got.body, keys));
    expect(payload).toMatchObject({
      title: `Zeit für Ihre Einnahme um ${p.time}`,
      body: `Es ist Zeit für Ihre Einnahme um ${p.time}: Ramipril.`,
      lang: 'de',
      kind: 'reminder',
      scheduledAt: new Date(p.doseAt).toISOString(),
    });
    expect(mailer.sent.slice(mailsBefore).filter((m) => m.to === p.user.email)).toEqual([]);
    const row = await t.db
      .selectFrom('notifications')
      .select(['channel', 'sent_at'])
      .where('profile_id', '=', p.profileId)
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe('push');
    expect(row.sent_at).not.toBeNull();
  });

  it('removes a subscription its push service says is gone (410) and sends the e-mail instead', async () => {
    const p = await patient('fr');
    const endpoint = `${origin}/gone/${randomBytes(6).toString('hex')}`;
    expect((await subscribe(p.auth, endpoint, browserKeys())).statusCode).toBe(200);

    await service().tick();

    expect(receivedAll().some((r) => r.path === new URL(endpoint).pathname)).toBe(true);
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute(),
    ).toEqual([]);
    const mail = mailer.sent.find((m) => m.to === p.user.email && m.subject.includes(p.time));
    expect(mail?.subject).toBe(`DoseDot : c’est l’heure de votre prise de ${p.time}`);
    const row = await t.db
      .selectFrom('notifications')
      .select('channel')
      .where('profile_id', '=', p.profileId)
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe('email');
  });

  /** Subscribes a browser for the patient, ticks, and decrypts what its push service got. */
  async function pushedMessage(p: Awaited<ReturnType<typeof patient>>) {
    const keys: BrowserKeys = browserKeys();
    const endpoint = `${origin}/push/${randomBytes(6).toString('hex')}`;
    expect((await subscribe(p.auth, endpoint, keys)).statusCode).toBe(200);
    await service().tick();
    const got = receivedAll().find((r) => r.path === new URL(endpoint).pathname);
    expect(got, 'the push service got the message').toBeDefined();
    return JSON.parse(decrypt((got as Received).body, keys));
  }
  const act = (data: object) =>
    t.app.inject({ method: 'POST', url: '/api/reminders/dose-action', payload: { data } });

  it('confirms the dose from the notification’s button once, with the same rules, audited', async () => {
    const p = await patient('de');
    const message = await pushedMessage(p);
    expect(message.actions.labels).toEqual({
      taken: 'Eingenommen',
      snooze10: '10 Min. später',
      snooze30: '30 Min. später',
    });
    const token = message.actions.token as string;
    // The token is kept only as its hash.
    const kept = await t.db
      .selectFrom('dose_action_tokens')
      .select('token_hash')
      .where('profile_id', '=', p.profileId)
      .execute();
    expect(kept.map((k) => k.token_hash)).not.toContain(token);

    // Bad input names the field; an unknown token is refused; nothing is written.
    for (const [data, field] of [
      [{ token: 'short', action: 'taken' }, 'data.token'],
      [{ token, action: 'eaten' }, 'data.action'],
      [{ token, action: 'snooze' }, 'data.minutes'],
      [{ token, action: 'snooze', minutes: 20 }, 'data.minutes'],
    ] as const) {
      const res = await act(data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.details.errors.map((e: { path: string[] }) => e.path.join('.'))).toContain(
        field,
      );
    }
    expect((await act({ token: randomBytes(32).toString('base64url'), action: 'taken' })).statusCode).toBe(
      403,
    );
    const intakes = () =>
      t.db
        .selectFrom('manual_intakes')
        .innerJoin('medicines', 'medicines.id', 'manual_intakes.medicine_id')
        .select(['manual_intakes.scheduled_at', 'manual_intakes.entered_by'])
        .where('medicines.profile_id', '=', p.profileId)
        .execute();
    expect(await intakes()).toEqual([]);

    const taken = await act({ token, action: 'taken' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toEqual({ action: 'taken', scheduledAt: new Date(p.doseAt).toISOString() });
    expect((await intakes()).map((i) => [Number(i.scheduled_at), i.entered_by])).toEqual([
      [p.doseAt, p.user.id],
    ]);
    // The dose reads 'by hand' on the dashboard, as when confirmed on the page.
    const today = chartDayOf(p.doseAt, ZONE);
    const adherence = await t.app.inject({
      url: `/api/adherence?from=${today}&to=${today}`,
      headers: p.auth,
    });
    const dose = adherence
      .json()
      .data.days.flatMap((d: { intakes: { scheduledAt: string; status: string }[] }) => d.intakes)
      .find((i: { scheduledAt: string }) => Date.parse(i.scheduledAt) === p.doseAt);
    expect(dose?.status).toBe('by_hand');
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_id'])
      .where('action', '=', 'push.taken')
      .where('actor_user_id', '=', p.user.id)
      .execute();
    expect(audited).toEqual([
      { action: 'push.taken', actor_user_id: p.user.id, target_id: String(p.profileId) },
    ]);
    // Single use: the same button again (or the snooze) is refused, and nothing more is written.
    expect((await act({ token, action: 'taken' })).statusCode).toBe(403);
    expect((await act({ token, action: 'snooze', minutes: 10 })).statusCode).toBe(403);
    expect(await intakes()).toHaveLength(1);
  });

  it('snoozes the reminder from its button; a token past its time is refused', async () => {
    const p = await patient('en');
    const message = await pushedMessage(p);
    expect(message).toMatchObject({ title: `Time for your ${p.time} dose`, lang: 'en' });
    expect(message.actions.labels.taken).toBe('I took it');
    const snoozed = await act({ token: message.actions.token, action: 'snooze', minutes: 30 });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const until = Date.parse(snoozed.json().data.until);
    expect(until - Date.now()).toBeGreaterThan(29 * MIN);
    const rows = await t.db
      .selectFrom('reminder_snoozes')
      .select(['scheduled_at', 'until'])
      .where('profile_id', '=', p.profileId)
      .execute();
    expect(rows.map((r) => Number(r.scheduled_at))).toEqual([p.doseAt]);

    // Another reminder's token, expired: refused, its dose untouched.
    const other = await patient('en');
    const old = await pushedMessage(other);
    await t.db
      .updateTable('dose_action_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('profile_id', '=', other.profileId)
      .execute();
    const late = await act({ token: old.actions.token, action: 'taken' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toMatch(/no longer work/);
  });
});
