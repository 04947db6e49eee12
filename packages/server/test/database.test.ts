import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db';
import { needsRehash, verifyPassword } from '../src/lib/passwords';
import { DEMO_ACCOUNTS, DEMO_DAYS, seedDemo } from '../src/seed/demo';
import { ENGINES, freshDatabase } from './context';

const TABLES = [
  'audit_log',
  'button_presses',
  'caregivers',
  'data_versions',
  'dose_action_tokens',
  'email_confirmations',
  'ended_sessions',
  'health_records',
  'impersonation_sessions',
  'manual_intakes',
  'medicine_intakes',
  'medicine_schedules',
  'medicines',
  'mfa_challenges',
  'notifications',
  'oidc_identities',
  'oidc_sign_in_codes',
  'password_resets',
  'profile_images',
  'profiles',
  'push_subscriptions',
  'rate_limits',
  'recovery_codes',
  'reminder_settings',
  'reminder_snoozes',
  'sensor_assignments',
  'sensor_readings',
  'sensors',
  'two_factor_notices',
  'two_factor_secrets',
  'uplinks',
  'users',
];

describe.each(ENGINES)('database on %s', (engine) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const now = DateTime.fromISO('2026-11-22T12:00:00', { zone: 'Europe/Berlin' }).toMillis();
  beforeAll(async () => {
    fresh = await freshDatabase(engine);
  });
  afterAll(async () => fresh?.drop());

  it('creates the whole data model, and migrating again changes nothing', async () => {
    const tables = (await fresh.db.introspection.getTables())
      .map((t) => t.name)
      .filter((n) => !n.startsWith('kysely_'));
    expect(tables.sort()).toEqual(TABLES);
    expect(await migrateToLatest(fresh.db)).toEqual([]);
  });

  it('enforces foreign keys', async () => {
    await expect(
      fresh.db
        .insertInto('profiles')
        .values({
          user_id: 999_999,
          profileuid: 'x',
          givenname: 'x',
          familyname: 'x',
          language: 'en',
          timezone: 'Europe/Berlin',
          profiletype: 'basic',
          sensor_id: null,
          created_at: 0,
          updated_at: 0,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('de-duplicates uplinks by their identity', async () => {
    const uplink = {
      identity: 'chirpstack:dedup-1',
      deveui: '0011223344556677',
      source: 'chirpstack',
      received_at: now,
      f_port: 1,
      f_cnt: 7,
      payload: 'AQ==',
      envelope: '{}',
      decode_status: 'decoded' as const,
      decode_error: null,
      created_at: now,
    };
    await fresh.db.insertInto('uplinks').values(uplink).execute();
    await expect(fresh.db.insertInto('uplinks').values(uplink).execute()).rejects.toThrow();
  });

  it("keeps each demo login's hash of its own password, with today's parameters", async () => {
    for (const account of DEMO_ACCOUNTS) {
      expect(await verifyPassword(account.password, account.passwordHash), account.email).toBe(true);
      expect(needsRehash(account.passwordHash), account.email).toBe(false);
    }
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.passwordHash)).size).toBe(DEMO_ACCOUNTS.length);
  });

  it('seeds the demo world once: admin, two patients, medicines, boxes, four weeks of data', async () => {
    const accounts = await seedDemo(fresh.db, { timezone: 'Europe/Berlin', now });
    expect(accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await seedDemo(fresh.db, { timezone: 'Europe/Berlin', now })).toEqual([]);

    const users = await fresh.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();
    expect(users).toEqual([
      { email: 'admin@dosedot.local', role: 'admin' },
      { email: 'anna.muster@dosedot.local', role: 'basic' },
      { email: 'heidi.keller@dosedot.local', role: 'basic' },
    ]);

    const patients = await fresh.db
      .selectFrom('profiles')
      .innerJoin('sensors', 'sensors.id', 'profiles.sensor_id')
      .innerJoin('medicines', 'medicines.profile_id', 'profiles.id')
      .innerJoin('medicine_schedules', 'medicine_schedules.medicine_id', 'medicines.id')
      .select(['profiles.id', 'sensors.id as sensor_id', 'medicine_schedules.dosage_time'])
      .execute();
    const sensorIds = [...new Set(patients.map((p) => p.sensor_id))];
    expect(sensorIds).toHaveLength(2);
    expect(new Set(patients.map((p) => p.id)).size).toBe(2);
    expect(patients.every((p) => /^\d\d:\d\d:00\.000$/.test(p.dosage_time))).toBe(true);

    for (const sensorId of sensorIds) {
      const readings = await fresh.db
        .selectFrom('sensor_readings')
        .select(['measured_at'])
        .where('sensor_id', '=', sensorId)
        .orderBy('measured_at')
        .execute();
      const first = readings[0]?.measured_at ?? now;
      const last = readings[readings.length - 1]?.measured_at ?? 0;
      expect(last).toBeLessThanOrEqual(now);
      expect((last - first) / 86_400_000).toBeGreaterThan(DEMO_DAYS - 1);

      // Every press lies near one of the owner's dosage times (the seed puts them within 4 hours).
      const times = patients.filter((p) => p.sensor_id === sensorId).map((p) => p.dosage_time);
      const presses = await fresh.db
        .selectFrom('button_presses')
        .select('pressed_at')
        .where('sensor_id', '=', sensorId)
        .execute();
      expect(presses.length).toBeGreaterThan(DEMO_DAYS);
      for (const { pressed_at } of presses) {
        const local = DateTime.fromMillis(pressed_at, { zone: 'Europe/Berlin' });
        const minutes = local.hour * 60 + local.minute;
        const nearest = Math.min(
          ...times.map((t) => {
            const [h = 0, m = 0] = t.split(':').map(Number);
            const d = Math.abs(minutes - (h * 60 + m));
            return Math.min(d, 24 * 60 - d); // a late evening dose may be taken after midnight
          }),
        );
        expect(nearest).toBeLessThanOrEqual(4 * 60);
      }
    }

    const open = await fresh.db
      .selectFrom('sensor_assignments')
      .selectAll()
      .where('assigned_to', 'is', null)
      .execute();
    expect(open).toHaveLength(2);
  });
});
