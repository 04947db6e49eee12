import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { hashPassword } from '../lib/passwords';

/*
 * A fleet for the bench and for tests (issue 24: "seeded with 500 patients and 500 boxes"): `patients`
 * patients, each holding a box, and `boxes` more boxes that nobody holds. Names are realistic and
 * some accented (Müller, Zoë, Françoise), so the lists' accent-insensitive search has work; some
 * boxes are silent, low on battery or never heard, so the filters and service hints do too. Each
 * held box has a few readings and presses and each patient one medicine with two dosage times. One
 * transaction, batch inserts: 500/500 takes about a second.
 */

const GIVEN = [
  'Anna',
  'Zoë',
  'Jürgen',
  'Françoise',
  'Émile',
  'Noah',
  'Léa',
  'Lukas',
  'Søren',
  'Chloé',
  'Björn',
  'Mia',
  'José',
  'Ines',
  'Ömer',
  'Hanna',
  'René',
  'Élodie',
  'Paul',
  'Çağla',
];
const FAMILY = [
  'Müller',
  'Muller',
  'Meier',
  'Schmid',
  'Keller',
  'Weiß',
  'Dubois',
  'Lefèvre',
  'Girard',
  'Rossi',
  'Bianchi',
  'Brändli',
  'Zoller',
  'Gómez',
  'Nowak',
  'Dąbrowski',
  'Østergaard',
  'Fischer',
  'Huber',
  'Favre',
];

/** The fleet's patients sign in with this password (addresses fleet.<n>@dosedot.local). */
export const FLEET_PASSWORD = 'DoseDot-fleet-2026';
const EMAIL_DOMAIN = '@fleet.dosedot.local';
const HOUR = 3_600_000;
const CHUNK = 100;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** The box's DevEUI: a fixed prefix and its number, so a seeded fleet is recognisable and stable. */
const deveuiOf = (n: number) => `F1EE7000${n.toString(16).toUpperCase().padStart(8, '0')}`;

/**
 * The n-th box's state, varied on purpose: most heard within the hour with a good battery; every
 * 7th low (< 25 %), every 11th nearly empty (< 10 %), every 13th silent for two days, every 17th
 * for four, every 19th never heard.
 */
function stateOf(n: number, now: number) {
  const battery = n % 11 === 0 ? 4 + (n % 5) : n % 7 === 0 ? 12 + (n % 10) : 40 + ((n * 37) % 61);
  const heard =
    n % 19 === 0
      ? null
      : n % 17 === 0
        ? now - 96 * HOUR
        : n % 13 === 0
          ? now - 48 * HOUR
          : now - ((n * 7919) % 60) * 60_000;
  return { battery: heard === null ? null : battery, heard };
}

/**
 * Seeds `patients` patients with a box each and `boxes` free boxes. Does nothing when a fleet was
 * seeded before (its first patient exists): the count of what it created, or 0.
 */
export async function seedFleet(
  db: Db,
  opts: { patients: number; boxes: number; timezone?: string; now?: number },
): Promise<{ patients: number; boxes: number }> {
  const now = opts.now ?? Date.now();
  const timezone = opts.timezone ?? 'Europe/Zurich';
  const seeded = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', `fleet.1${EMAIL_DOMAIN}`)
    .executeTakeFirst();
  if (seeded || opts.patients + opts.boxes === 0) return { patients: 0, boxes: 0 };
  const passwordHash = await hashPassword(FLEET_PASSWORD);
  const since = now - 30 * 24 * HOUR;

  await db.transaction().execute(async (trx) => {
    const people = Array.from({ length: opts.patients }, (_, i) => {
      const given = GIVEN[i % GIVEN.length] ?? 'Anna';
      const family = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length] ?? 'Meier';
      return { n: i + 1, given, family };
    });
    const userIds: number[] = [];
    await insertChunks(people, async (chunk) => {
      const rows = await trx
        .insertInto('users')
        .values(
          chunk.map((p) => ({
            username: `${p.given} ${p.family}`,
            email: `fleet.${p.n}${EMAIL_DOMAIN}`,
            password_hash: passwordHash,
            role: 'basic' as const,
            confirmed: 1 as const,
            profile_img: null,
            kept_session: null,
            created_at: since,
            updated_at: since,
          })),
        )
        .returning('id')
        .execute();
      userIds.push(...rows.map((r) => r.id));
    });

    const total = opts.patients + opts.boxes;
    const sensorIds: number[] = [];
    const numbers = Array.from({ length: total }, (_, i) => i + 1);
    await insertChunks(numbers, async (chunk) => {
      const rows = await trx
        .insertInto('sensors')
        .values(
          chunk.map((n) => {
            const { battery, heard } = stateOf(n, now);
            return {
              deveui: deveuiOf(n),
              serial_number: `DD-${String(240000 + n)}`,
              name: n % 5 === 0 ? `Box ${FAMILY[n % FAMILY.length]}` : null,
              device_profile: n % 3 === 0 ? 'dosedot-box-v2' : 'dosedot-box',
              buttonmode: 'single',
              battery,
              last_uplink_at: heard,
              created_at: since - (n % 10) * HOUR,
            };
          }),
        )
        .returning('id')
        .execute();
      sensorIds.push(...rows.map((r) => r.id));
    });

    const held = people.map((p, i) => ({ ...p, userId: userIds[i] ?? 0, sensorId: sensorIds[i] ?? 0 }));
    const profileIds: number[] = [];
    await insertChunks(held, async (chunk) => {
      const rows = await trx
        .insertInto('profiles')
        .values(
          chunk.map((p) => ({
            user_id: p.userId,
            profileuid: randomUUID(),
            givenname: p.given,
            familyname: p.family,
            language: (['de', 'fr', 'en'] as const)[p.n % 3] ?? 'en',
            timezone,
            profiletype: 'basic' as const,
            sensor_id: p.sensorId,
            is_linked: 1 as const,
            created_at: since,
            updated_at: since,
          })),
        )
        .returning('id')
        .execute();
      profileIds.push(...rows.map((r) => r.id));
    });

    const holdings = held.map((p, i) => ({ ...p, profileId: profileIds[i] ?? 0 }));
    await insertChunks(holdings, (chunk) =>
      trx
        .insertInto('sensor_assignments')
        .values(
          chunk.map((p) => ({
            sensor_id: p.sensorId,
            profile_id: p.profileId,
            assigned_from: since,
            assigned_to: null,
            assigned_by: null,
          })),
        )
        .execute(),
    );

    // A few readings and presses of each held box: today's morning dose and the last three hours.
    const readings = holdings.flatMap((p) => {
      const { battery, heard } = stateOf(p.n, now);
      if (heard === null) return [];
      return [0, 1, 2].map((k) => ({
        sensor_id: p.sensorId,
        uplink_id: null,
        measured_at: heard - k * HOUR,
        temperature: 20 + (p.n % 5) + k / 10,
        humidity: 40 + (p.n % 15),
        battery,
        motion: k === 0 ? 1 : 0,
      }));
    });
    await insertChunks(readings, (chunk) => trx.insertInto('sensor_readings').values(chunk).execute());
    const presses = holdings.flatMap((p) => {
      const { heard } = stateOf(p.n, now);
      if (heard === null) return [];
      return [1, 2, 3].map((d) => ({
        sensor_id: p.sensorId,
        uplink_id: null,
        pressed_at: heard - d * 12 * HOUR,
      }));
    });
    await insertChunks(presses, (chunk) => trx.insertInto('button_presses').values(chunk).execute());

    const medicineIds: number[] = [];
    await insertChunks(holdings, async (chunk) => {
      const rows = await trx
        .insertInto('medicines')
        .values(
          chunk.map((p) => ({
            profile_id: p.profileId,
            name: p.n % 2 === 0 ? 'Metformin' : 'Ramipril',
            type: 1 as const,
            description: null,
            strength: p.n % 2 === 0 ? '500 mg' : '5 mg',
            galenic_form: 'Tablet',
            start_date: new Date(since).toISOString().slice(0, 10),
            end_date: null,
            storage_temp_min: null,
            storage_temp_max: null,
            storage_humidity_max: null,
            created_at: since,
            updated_at: since,
          })),
        )
        .returning('id')
        .execute();
      medicineIds.push(...rows.map((r) => r.id));
    });
    const schedules = medicineIds.flatMap((id) =>
      ['08:00:00.000', '20:00:00.000'].map((t) => ({ medicine_id: id, dosage_time: t, created_at: since })),
    );
    await insertChunks(schedules, (chunk) => trx.insertInto('medicine_schedules').values(chunk).execute());
  });
  return { patients: opts.patients, boxes: opts.patients + opts.boxes };
}
