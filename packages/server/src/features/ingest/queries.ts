import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import type { ButtonPressesTable, Sensor, SensorReadingsTable, UplinksTable } from '../../db/types';

/** Rows per multi-row insert: far below SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 400;

function* chunks<T>(rows: T[], size = ROWS_PER_INSERT): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Stores uplinks; one whose identity or frame key is already stored is skipped (any unique column:
 * `do nothing` without a target, the same on SQLite and PostgreSQL). Returns the new rows' ids.
 */
export async function insertUplinks(
  db: Db,
  rows: Insertable<UplinksTable>[],
): Promise<{ id: number; identity: string }[]> {
  const out: { id: number; identity: string }[] = [];
  for (const chunk of chunks(rows)) {
    out.push(
      ...(await db
        .insertInto('uplinks')
        .values(chunk)
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'identity'])
        .execute()),
    );
  }
  return out;
}

/** A row with the identity of the uplink it comes from. */
type OfUplink<T> = T & { identity: string };

/**
 * PostgreSQL: a batch in one statement that commits on its own (no begin, no commit: one round trip
 * instead of six statements in a transaction). The batch's boxes as the caller knows them (id,
 * DevEUI, profile: its uplinks were decoded with that profile) are checked first: when one is no
 * longer so, nothing is written and 'boxes changed' returned. The uplinks are inserted (one whose
 * identity or frame key is stored is skipped), and the readings, presses and box summaries only of
 * the uplinks it inserted, joined by identity. Each column travels as one array (unnest), so the statement's text
 * and its parameters are the same for every batch size. A box's summary takes its newest uplink's
 * time and the newest battery and button mode reported (`ord`: the order of receipt among equal
 * times). The fleet's data version is bumped first (`fleet`, read by the summaries' update), as the
 * version triggers of decision 0013 do: batches of several server copies queue on the fleet row
 * before any of them locks a box's row, so they never wait for each other's boxes in opposite order.
 * Returns the stored uplinks.
 */
export async function writeUplinksPostgres(
  db: Db,
  boxes: Pick<Sensor, 'id' | 'deveui' | 'device_profile'>[],
  uplinks: Insertable<UplinksTable>[],
  readings: OfUplink<Insertable<SensorReadingsTable>>[],
  presses: OfUplink<Insertable<ButtonPressesTable>>[],
  summaries: OfUplink<{ sensorId: number; at: number; battery: number | null; buttonmode: string | null }>[],
): Promise<{ id: number; identity: string }[] | 'boxes changed'> {
  const col = <T, K extends keyof T>(rows: T[], key: K) => rows.map((r) => r[key] ?? null);
  const result = await sql<{ id: number | null; identity: string | null; ok: boolean }>`
    with ok as (
      select count(*) = ${boxes.length} as ok from sensors s
      join unnest(${col(boxes, 'id')}::integer[], ${col(boxes, 'deveui')}::text[], ${col(boxes, 'device_profile')}::text[])
        as b(id, deveui, device_profile)
        on s.id = b.id and s.deveui = b.deveui and s.device_profile = b.device_profile
    ), u as (
      insert into uplinks (identity, deveui, source, received_at, claimed_received_at, frame_key, f_port,
        f_cnt, payload, envelope, decode_status, decode_error, created_at)
      select * from unnest(${col(uplinks, 'identity')}::text[], ${col(uplinks, 'deveui')}::text[],
        ${col(uplinks, 'source')}::text[], ${col(uplinks, 'received_at')}::bigint[],
        ${col(uplinks, 'claimed_received_at')}::bigint[], ${col(uplinks, 'frame_key')}::bytea[],
        ${col(uplinks, 'f_port')}::integer[], ${col(uplinks, 'f_cnt')}::bigint[], ${col(uplinks, 'payload')}::text[],
        ${col(uplinks, 'envelope')}::text[], ${col(uplinks, 'decode_status')}::text[],
        ${col(uplinks, 'decode_error')}::text[], ${col(uplinks, 'created_at')}::bigint[])
      where (select ok from ok)
      on conflict do nothing
      returning id, identity
    ), r as (
      insert into sensor_readings (sensor_id, uplink_id, measured_at, temperature, humidity, battery, motion)
      select x.sensor_id, u.id, x.measured_at, x.temperature, x.humidity, x.battery, x.motion
      from unnest(${col(readings, 'identity')}::text[], ${col(readings, 'sensor_id')}::integer[],
        ${col(readings, 'measured_at')}::bigint[], ${col(readings, 'temperature')}::real[],
        ${col(readings, 'humidity')}::real[], ${col(readings, 'battery')}::real[], ${col(readings, 'motion')}::integer[])
        as x(identity, sensor_id, measured_at, temperature, humidity, battery, motion)
      join u on u.identity = x.identity
    ), p as (
      insert into button_presses (sensor_id, uplink_id, pressed_at)
      select x.sensor_id, u.id, x.pressed_at
      from unnest(${col(presses, 'identity')}::text[], ${col(presses, 'sensor_id')}::integer[],
        ${col(presses, 'pressed_at')}::bigint[]) as x(identity, sensor_id, pressed_at)
      join u on u.identity = x.identity
    ), fleet as (
      insert into data_versions (profile_id, version) values (0, 1)
      on conflict (profile_id) do update set version = data_versions.version + 1
      returning version
    ), s as (
      update sensors set last_uplink_at = v.at, battery = coalesce(v.battery, sensors.battery),
        buttonmode = coalesce(v.buttonmode, sensors.buttonmode)
      from (
        select x.sensor_id, max(x.at) as at,
          (array_agg(x.battery order by x.at desc, x.ord desc) filter (where x.battery is not null))[1] as battery,
          (array_agg(x.buttonmode order by x.at desc, x.ord desc) filter (where x.buttonmode is not null))[1]
            as buttonmode
        from unnest(${col(summaries, 'identity')}::text[], ${col(summaries, 'sensorId')}::integer[],
          ${col(summaries, 'at')}::bigint[], ${col(summaries, 'battery')}::double precision[],
          ${col(summaries, 'buttonmode')}::text[]) with ordinality as x(identity, sensor_id, at, battery, buttonmode, ord)
        join u on u.identity = x.identity
        where exists (select from fleet)
        group by x.sensor_id
      ) v
      where sensors.id = v.sensor_id and (sensors.last_uplink_at is null or sensors.last_uplink_at <= v.at)
    )
    select id, identity, true as ok from u
    union all select null, null, false where not (select ok from ok)`.execute(db);
  if (result.rows.some((r) => !r.ok)) return 'boxes changed';
  return result.rows as { id: number; identity: string }[];
}

export async function insertReadings(db: Db, rows: Insertable<SensorReadingsTable>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('sensor_readings').values(chunk).execute();
}

export async function insertPresses(db: Db, rows: Insertable<ButtonPressesTable>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('button_presses').values(chunk).execute();
}

/**
 * The dosage times of the patients who hold these boxes (the simulator presses near them), with the
 * patient's zone; a box without a patient or schedule is absent.
 */
export function schedulesOfBoxes(
  db: Db,
  deveuis: string[],
): Promise<{ deveui: string; timezone: string; dosage_time: string }[]> {
  if (deveuis.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sensors')
    .innerJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .innerJoin('medicines', 'medicines.profile_id', 'profiles.id')
    .innerJoin('medicine_schedules', 'medicine_schedules.medicine_id', 'medicines.id')
    .select(['sensors.deveui', 'profiles.timezone', 'medicine_schedules.dosage_time'])
    .where('sensors.deveui', 'in', deveuis)
    .where('medicines.type', '=', 1)
    .distinct()
    .orderBy('sensors.deveui')
    .orderBy('medicine_schedules.dosage_time')
    .execute();
}
