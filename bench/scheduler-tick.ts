import { localClock } from '../packages/domain/src/reminders';
import { createDb, migrateToLatest } from '../packages/server/src/db';
import { createReminderService } from '../packages/server/src/features/reminders';
import { freshPostgres } from './pg';

/*
 * The reminder scheduler's tick at scale (issue 26, decision 0015): TICK_PATIENTS patients (100,000
 * by default) on PostgreSQL, each with reminders by e-mail on and one dose due in the next hour
 * (their dosage times spread over it, in Europe/Berlin), seeded with SQL in a fresh database. One
 * tick then runs in this process as the server runs it; the figure is the process's CPU time for it
 * (process.cpuUsage: user + system), beside its wall time. Nothing is due at the tick's instant, so
 * nothing is sent: the figure is what finding that out costs. Target: under one second of CPU.
 * Run (under the bench lock): TEST_DATABASE_URL=postgres://… node --import tsx bench/scheduler-tick.ts
 */

const PATIENTS = Number(process.env.TICK_PATIENTS ?? 100_000);
const TARGET_CPU_MS = 1_000;
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('Set TEST_DATABASE_URL (a PostgreSQL server whose user may create databases)');

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} } as never;
const fresh = await freshPostgres(adminUrl);
const db = createDb({ kind: 'postgres', url: fresh.url });
try {
  await migrateToLatest(db);
  const now = Date.now();
  const seedStart = performance.now();
  // The dosage times of the next hour, local 'HH:MM:00.000', one per patient in turn.
  const times = Array.from({ length: 60 }, (_, i) => `${localClock(now + (i + 1) * MIN, ZONE)}:00.000`);
  const { sql } = await import('kysely');
  await sql`
    insert into users (username, email, password_hash, role, confirmed, created_at, updated_at)
    select 'Tick ' || g, 'tick.' || g || '@bench.dosedot.local', 'x', 'basic', 1, ${now}, ${now}
    from generate_series(1, ${PATIENTS}) g`.execute(db);
  await sql`
    insert into profiles (user_id, profileuid, givenname, familyname, language, timezone, profiletype,
      is_linked, created_at, updated_at)
    select id, gen_random_uuid()::text, 'Tick', username, 'en', ${ZONE}, 'basic', 0, ${now}, ${now}
    from users where email like 'tick.%'`.execute(db);
  await sql`
    insert into medicines (profile_id, name, type, start_date, created_at, updated_at)
    select id, 'Tickol', 1, '2026-01-01', ${now - 7 * 86_400_000}, ${now} from profiles`.execute(db);
  await sql`
    insert into medicine_schedules (medicine_id, dosage_time, created_at)
    select id, (${sql.val(times)}::text[])[1 + id % 60], ${now} from medicines`.execute(db);
  await sql`
    insert into reminder_settings (profile_id, email, missed_after_minutes, caregiver_delay_minutes,
      enabled_at, updated_at)
    select id, 1, 60, 60, ${now - 86_400_000}, ${now} from profiles`.execute(db);
  await sql`analyze`.execute(db);
  const seedMs = performance.now() - seedStart;

  const sent: string[] = [];
  const service = createReminderService({
    db,
    mailer: { send: async (m) => void sent.push(m.to), close: () => {} },
    appUrl: 'http://localhost',
    log: silent,
  });
  const tick = async () => {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    const count = await service.tick(now);
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - wall, count };
  };
  const first = await tick();
  const second = await tick();
  const row = (name: string, r: { cpuMs: number; wallMs: number; count: number }) =>
    `${name.padEnd(12)} CPU ${r.cpuMs.toFixed(0).padStart(7)} ms   wall ${r.wallMs.toFixed(0).padStart(7)} ms   sent ${r.count}`;
  console.log(
    `scheduler tick, ${PATIENTS.toLocaleString('en')} patients with a dose in the next hour, PostgreSQL`,
  );
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s`);
  console.log(row('first tick', first));
  console.log(row('second tick', second));
  const worst = Math.max(first.cpuMs, second.cpuMs);
  console.log(`target: CPU under ${TARGET_CPU_MS} ms: ${worst < TARGET_CPU_MS ? 'met' : 'MISSED'}`);
  if (sent.length > 0) console.log(`(sent ${sent.length}: expected none, nothing is due yet)`);
} finally {
  await db.destroy();
  await fresh.drop();
}
