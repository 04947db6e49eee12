import { addDays, DAY_MS, eachDate, instantToWall, localDateOf, localToUtc } from '@dosedot/domain/time';
import type { Db } from '../db';
import { countUsers, insertAccount } from '../features/auth/queries';

/**
 * The demo logins (printed at the start and in the README). Their hashes are computed once and kept
 * here: the seed runs at every first start, and hashing three passwords at the lowest CPU priority
 * (lib/passwords.ts) on a busy machine took longer than Fastify allows a start (10 s), so the server
 * did not start. database.test.ts checks that each hash is its password's, with today's parameters.
 */
export const DEMO_ACCOUNTS = [
  {
    key: 'admin',
    username: 'Alex Admin',
    email: 'admin@dosedot.local',
    password: 'DoseDot-admin-2026',
    passwordHash: 'scrypt$8192$8$10$QQS+tBIgVI11IM/+/s5LNA==$pcVDHNVXDGHaxLYVRSkX+lMH2BRMex/hBngu8UsZJvk=',
    role: 'admin' as const,
    language: 'en' as const,
  },
  {
    key: 'anna',
    username: 'Anna Muster',
    email: 'anna.muster@dosedot.local',
    password: 'DoseDot-demo-2026',
    passwordHash: 'scrypt$8192$8$10$0Gat4Xhm5zC4AFx20SHy1w==$IbdGU49mWspp+DiP32CA6huI5W9VO0wV1HLlHZASwus=',
    role: 'basic' as const,
    language: 'en' as const,
  },
  {
    key: 'heidi',
    username: 'Heidi Keller',
    email: 'heidi.keller@dosedot.local',
    password: 'DoseDot-demo-2026',
    passwordHash: 'scrypt$8192$8$10$K+URVD5yIqKreZp9j0bs5Q==$opvmH/SwCDndUrV7d3xsHwcsAhKximfb9WkkfaZPlUc=',
    role: 'basic' as const,
    language: 'de' as const,
  },
];

/** Medicines of the two demo patients: scheduled ones (type 1) with times, one as-needed (type 2). */
const DEMO_MEDICINES: Record<
  string,
  { name: string; type: 1 | 2; strength: string; form: string; description: string; times: string[] }[]
> = {
  anna: [
    {
      name: 'Metformin',
      type: 1,
      strength: '500 mg',
      form: 'Tablet',
      description: 'With breakfast and dinner',
      times: ['08:00', '19:00'],
    },
    {
      name: 'Ramipril',
      type: 1,
      strength: '5 mg',
      form: 'Tablet',
      description: 'Blood pressure',
      times: ['08:00'],
    },
    {
      name: 'Ibuprofen',
      type: 2,
      strength: '400 mg',
      form: 'Tablet',
      description: 'For pain, as needed',
      times: [],
    },
  ],
  heidi: [
    {
      name: 'Levothyroxine',
      type: 1,
      strength: '50 µg',
      form: 'Tablet',
      description: 'Before breakfast',
      times: ['07:00'],
    },
    {
      name: 'Atorvastatin',
      type: 1,
      strength: '20 mg',
      form: 'Tablet',
      description: 'In the evening',
      times: ['21:30'],
    },
  ],
};

const DEMO_SENSORS = [
  { owner: 'anna', deveui: 'A84041000181C001', serial: 'DD-BOX-0001' },
  { owner: 'heidi', deveui: 'A84041000181C002', serial: 'DD-BOX-0002' },
];

/** Days of history the demo data has unless SEED_DEMO_DAYS says otherwise. */
export const DEMO_DAYS = 28;
const READING_INTERVAL_MIN = 15;

/** A small seeded generator, so every fresh demo database holds the same story. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Seeds the demo world when the database has no user: an admin, two patients (one the health-data
 * user), medicines with schedules, two boxes with four weeks of readings and presses near the
 * dosage times. Returns the accounts created, or [] when users already exist.
 */
export async function seedDemo(
  db: Db,
  opts: { timezone: string; now?: number; days?: number },
): Promise<typeof DEMO_ACCOUNTS> {
  if ((await countUsers(db)) > 0) return [];
  const now = opts.now ?? Date.now();
  const random = mulberry32(20261122);
  const days = opts.days ?? DEMO_DAYS;
  const startDate = addDays(localDateOf(now, opts.timezone), -days);
  const start = localToUtc(startDate, '00:00', opts.timezone);

  await db.transaction().execute(async (trx) => {
    const profileIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const [givenname = '', familyname = ''] = account.username.split(' ');
      const user = await insertAccount(
        trx,
        {
          username: account.username,
          email: account.email,
          passwordHash: account.passwordHash,
          role: account.role,
          // The demo's addresses are known: its accounts start confirmed.
          confirmed: true,
          givenname,
          familyname,
          language: account.language,
          timezone: opts.timezone,
        },
        start,
      );
      const profile = await trx
        .selectFrom('profiles')
        .select('id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      profileIds.set(account.key, profile.id);
    }

    for (const [owner, medicines] of Object.entries(DEMO_MEDICINES)) {
      const profileId = profileIds.get(owner) ?? 0;
      const times = new Set<string>();
      for (const m of medicines) {
        const medicine = await trx
          .insertInto('medicines')
          .values({
            profile_id: profileId,
            name: m.name,
            type: m.type,
            description: m.description,
            strength: m.strength,
            galenic_form: m.form,
            start_date: startDate,
            end_date: null,
            created_at: start,
            updated_at: start,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const time of m.times) {
          times.add(time);
          await trx
            .insertInto('medicine_schedules')
            .values({ medicine_id: medicine.id, dosage_time: `${time}:00.000`, created_at: start })
            .execute();
        }
      }

      const box = DEMO_SENSORS.find((s) => s.owner === owner);
      if (!box) continue;
      const sensor = await trx
        .insertInto('sensors')
        .values({
          deveui: box.deveui,
          serial_number: box.serial,
          name: `DoseDot box ${box.serial}`,
          device_profile: 'dosedot-box',
          buttonmode: 'single',
          battery: null,
          last_uplink_at: null,
          created_at: start,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('profiles')
        .set({ sensor_id: sensor.id, is_linked: 1 })
        .where('id', '=', profileId)
        .execute();
      await trx
        .insertInto('sensor_assignments')
        .values({
          sensor_id: sensor.id,
          profile_id: profileId,
          assigned_from: start,
          assigned_to: null,
          assigned_by: null,
        })
        .execute();

      // Readings every 15 minutes: a daily temperature wave, humidity, a slowly draining battery, motion.
      const readings = [];
      const total = days * 24 * (60 / READING_INTERVAL_MIN);
      for (let i = 0; i <= total; i++) {
        const at = start + i * READING_INTERVAL_MIN * 60_000;
        if (at > now) break;
        const hour = (instantToWall(at, opts.timezone) % DAY_MS) / 3_600_000;
        readings.push({
          sensor_id: sensor.id,
          uplink_id: null,
          measured_at: at,
          temperature:
            Math.round((21 + 2 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (random() - 0.5)) * 10) / 10,
          humidity: Math.round(45 + 8 * Math.cos((hour / 24) * 2 * Math.PI) + (random() - 0.5) * 4),
          battery: Math.round((100 - (14 * i) / total) * 10) / 10,
          motion: hour >= 7 && hour <= 22 && random() < 0.3 ? 1 : 0,
        });
      }
      await insertInChunks(readings, 400, (chunk) =>
        trx.insertInto('sensor_readings').values(chunk).execute(),
      );
      const last = readings[readings.length - 1];
      await trx
        .updateTable('sensors')
        .set({ battery: last?.battery ?? null, last_uplink_at: last?.measured_at ?? null })
        .where('id', '=', sensor.id)
        .execute();

      // Presses near each dose (the domain's local-time rules, DST included): mostly on time, some
      // late, a few missed, some pressed twice.
      const presses = [];
      const dates = eachDate(startDate, localDateOf(now, opts.timezone));
      for (const date of dates) {
        for (const time of [...times].sort()) {
          const scheduled = localToUtc(date, time, opts.timezone);
          const roll = random();
          if (roll < 0.08) continue; // missed
          const offsetMin =
            roll < 0.7 ? (random() - 0.5) * 50 : roll < 0.92 ? 30 + random() * 80 : 130 + random() * 90;
          const at = scheduled + Math.round(offsetMin) * 60_000;
          if (at > now) continue;
          presses.push({ sensor_id: sensor.id, uplink_id: null, pressed_at: at });
          if (random() < 0.15)
            presses.push({ sensor_id: sensor.id, uplink_id: null, pressed_at: at + 20_000 });
        }
      }
      await insertInChunks(presses, 400, (chunk) => trx.insertInto('button_presses').values(chunk).execute());
    }
  });
  return DEMO_ACCOUNTS;
}

/** The demo accounts that exist in the database, with the passwords they were seeded with. */
export async function demoAccountsIn(db: Db): Promise<typeof DEMO_ACCOUNTS> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  const present = new Set(rows.map((r) => r.email));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}
