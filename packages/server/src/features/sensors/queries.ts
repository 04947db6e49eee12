import type { Filter, ListQuery, SENSOR_FILTER_FIELDS, SENSOR_SORT_FIELDS } from '@dosedot/domain';
import type { ServiceThresholds } from '@dosedot/domain/lorawan';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db';
import type { Sensor, SensorAssignment } from '../../db/types';

export type SensorSummaryRow = Awaited<ReturnType<typeof listSensorSummaries>>['rows'][number];

type SortField = (typeof SENSOR_SORT_FIELDS)[number];
type FilterField = (typeof SENSOR_FILTER_FIELDS)[number];
export type SensorListQuery = ListQuery<SortField, FilterField>;

const SORT_COLUMNS = {
  id: 'sensors.id',
  deveui: 'sensors.deveui',
  battery: 'sensors.battery',
  sensortime: 'sensors.last_uplink_at',
} as const;

const FILTER_COLUMNS = {
  deveui: 'sensors.deveui',
  name: 'sensors.name',
  serial_number: 'sensors.serial_number',
} as const;

type Eb = ExpressionBuilder<Database, 'sensors'>;

/** Case-insensitive on both engines: lower() on both sides; LIKE wildcards in the value escaped. */
function condition(eb: Eb, f: Filter<FilterField>) {
  const column = sql.ref(FILTER_COLUMNS[f.field]);
  if (f.operator === '$eq') return eb(sql`upper(${column})`, '=', f.value.toUpperCase());
  const escaped = f.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = f.operator === '$startsWith' ? `${escaped}%` : `%${escaped}%`;
  return eb(sql`lower(${column})`, 'like', sql`${pattern} escape '\\'`);
}

function filtered(db: Db, q: SensorListQuery) {
  return db.selectFrom('sensors').where((eb) => {
    const all = q.filters.map((f) => condition(eb, f));
    if (q.anyOf.length > 0) all.push(eb.or(q.anyOf.map((f) => condition(eb, f))));
    return eb.and(all);
  });
}

/**
 * One page of devices with the patient who holds each (unassigned devices too), in the asked order
 * (then by id), and how many devices the filters match.
 */
export async function listSensorSummaries(db: Db, q: SensorListQuery) {
  let query = filtered(db, q)
    .leftJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .select([
      'sensors.id',
      'sensors.deveui',
      'sensors.serial_number',
      'sensors.name',
      'sensors.device_profile',
      'sensors.buttonmode',
      'sensors.battery',
      'sensors.last_uplink_at',
      'sensors.created_at',
      'profiles.id as profile_id',
      'profiles.profileuid',
      'profiles.givenname',
      'profiles.familyname',
    ]);
  for (const s of q.sort) query = query.orderBy(sql.ref(SORT_COLUMNS[s.field]), s.direction);
  const rows = await query
    .orderBy('sensors.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const total = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export interface SensorCounts {
  total: number;
  unassigned: number;
  serviceNow: number;
  serviceSoon: number;
}

/** Counts over every device: held by nobody, and needing service now or soon (the domain's thresholds). */
export async function countSensors(db: Db, now: number, t: ServiceThresholds): Promise<SensorCounts> {
  const HOUR = 3_600_000;
  const heard = sql<number>`coalesce(sensors.last_uplink_at, sensors.created_at)`;
  const needs = (battery: number, hours: number) =>
    sql<boolean>`(sensors.battery <= ${battery} or ${heard} <= ${now - hours * HOUR})`;
  const nowHint = needs(t.nowBatteryPercent, t.nowSilentHours);
  const soonHint = needs(t.soonBatteryPercent, t.soonSilentHours);
  const row = await db
    .selectFrom('sensors')
    .leftJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .select([
      sql<number | string>`count(*)`.as('total'),
      sql<number | string>`count(*) - count(profiles.id)`.as('unassigned'),
      sql<number | string>`sum(case when ${nowHint} then 1 else 0 end)`.as('now'),
      sql<number | string>`sum(case when ${nowHint} then 0 when ${soonHint} then 1 else 0 end)`.as('soon'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    unassigned: Number(row.unassigned),
    serviceNow: Number(row.now ?? 0),
    serviceSoon: Number(row.soon ?? 0),
  };
}

export type SensorRow = Pick<Sensor, 'id' | 'deveui'>;

export function findSensorByDeveui(db: Db, deveui: string): Promise<SensorRow | undefined> {
  return db.selectFrom('sensors').select(['id', 'deveui']).where('deveui', '=', deveui).executeTakeFirst();
}

export function findSensorById(db: Db, id: number): Promise<SensorRow | undefined> {
  return db.selectFrom('sensors').select(['id', 'deveui']).where('id', '=', id).executeTakeFirst();
}

export type AssignmentRow = Pick<
  SensorAssignment,
  'id' | 'sensor_id' | 'profile_id' | 'assigned_from' | 'assigned_to'
>;

const assignmentColumns = ['id', 'sensor_id', 'profile_id', 'assigned_from', 'assigned_to'] as const;

export function openAssignmentsOfSensor(db: Db, sensorId: number): Promise<AssignmentRow[]> {
  return db
    .selectFrom('sensor_assignments')
    .select(assignmentColumns)
    .where('sensor_id', '=', sensorId)
    .where('assigned_to', 'is', null)
    .orderBy('assigned_from')
    .execute();
}

export function insertAssignment(
  db: Db,
  row: { sensor_id: number; profile_id: number; assigned_from: number; assigned_by: number | null },
): Promise<AssignmentRow> {
  return db
    .insertInto('sensor_assignments')
    .values({ ...row, assigned_to: null })
    .returning(assignmentColumns)
    .executeTakeFirstOrThrow();
}

/** Closes a sensor's open assignments at `at`: the history keeps them. */
export async function closeAssignments(db: Db, sensorId: number, at: number): Promise<void> {
  await db
    .updateTable('sensor_assignments')
    .set({ assigned_to: at })
    .where('sensor_id', '=', sensorId)
    .where('assigned_to', 'is', null)
    .execute();
}

/** Every holding of a sensor, by any patient, oldest first. */
export function intervalsOfSensor(db: Db, sensorId: number): Promise<AssignmentRow[]> {
  return db
    .selectFrom('sensor_assignments')
    .select(assignmentColumns)
    .where('sensor_id', '=', sensorId)
    .orderBy('assigned_from')
    .execute();
}

/**
 * The one rule of a box's data and its patients: a press or a reading of a box is a profile's only
 * from while the box was theirs (sensor_assignments; an open holding lasts until now). Adherence,
 * the press and climate histories and the storage alarm all read through it.
 */
function whileHeldBy(profileId: number, at: 'button_presses.pressed_at' | 'sensor_readings.measured_at') {
  const time = sql.ref<number>(at);
  return (eb: ExpressionBuilder<Database, 'sensor_assignments'>) =>
    eb.and([
      eb('sensor_assignments.profile_id', '=', profileId),
      eb(time, '>=', eb.ref('sensor_assignments.assigned_from')),
      eb.or([
        eb('sensor_assignments.assigned_to', 'is', null),
        eb(time, '<', eb.ref('sensor_assignments.assigned_to')),
      ]),
    ]);
}

/** When the profile's first box became theirs (the start of their earliest assignment), or null. */
export async function firstAssignmentOfProfile(db: Db, profileId: number): Promise<number | null> {
  const row = await db
    .selectFrom('sensor_assignments')
    .select((eb) => eb.fn.min('assigned_from').as('first'))
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}

/** Presses of the profile's boxes from while each was theirs, between two instants, oldest first. */
export function pressesOfProfile(
  db: Db,
  profileId: number,
  from: number,
  to: number,
): Promise<{ pressed_at: number; deveui: string }[]> {
  return db
    .selectFrom('button_presses')
    .innerJoin('sensor_assignments', 'sensor_assignments.sensor_id', 'button_presses.sensor_id')
    .innerJoin('sensors', 'sensors.id', 'button_presses.sensor_id')
    .select(['button_presses.pressed_at', 'sensors.deveui'])
    .where(whileHeldBy(profileId, 'button_presses.pressed_at'))
    .where('button_presses.pressed_at', '>=', from)
    .where('button_presses.pressed_at', '<', to)
    .orderBy('button_presses.pressed_at')
    .execute();
}

/** Temperature and humidity readings of the profile's boxes from while they were theirs. */
export function climateOfProfile(
  db: Db,
  profileId: number,
  from: number,
  to: number,
): Promise<{ measured_at: number; deveui: string; temperature: number | null; humidity: number | null }[]> {
  return db
    .selectFrom('sensor_readings')
    .innerJoin('sensor_assignments', 'sensor_assignments.sensor_id', 'sensor_readings.sensor_id')
    .innerJoin('sensors', 'sensors.id', 'sensor_readings.sensor_id')
    .select([
      'sensor_readings.measured_at',
      'sensors.deveui',
      'sensor_readings.temperature',
      'sensor_readings.humidity',
    ])
    .where(whileHeldBy(profileId, 'sensor_readings.measured_at'))
    .where((eb) =>
      eb.or([
        eb('sensor_readings.temperature', 'is not', null),
        eb('sensor_readings.humidity', 'is not', null),
      ]),
    )
    .where('sensor_readings.measured_at', '>=', from)
    .where('sensor_readings.measured_at', '<', to)
    .orderBy('sensor_readings.measured_at')
    .execute();
}
