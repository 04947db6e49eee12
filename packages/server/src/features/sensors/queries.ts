import {
  containsPattern,
  type Filter,
  type ListQuery,
  type SENSOR_FILTER_FIELDS,
  type SensorFleetFilters,
  type SensorSortField,
} from '@dosedot/domain';
import type { ServiceThresholds } from '@dosedot/domain/lorawan';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Db } from '../../db';
import type { Sensor, SensorAssignment } from '../../db/types';

export type SensorSummaryRow = Awaited<ReturnType<typeof listSensorSummaries>>['rows'][number];

type FilterField = (typeof SENSOR_FILTER_FIELDS)[number];
/** The device list's Strapi query with the fleet filters (contract/sensor.ts). */
export type SensorListQuery = ListQuery<SensorSortField, FilterField> & { fleet: SensorFleetFilters };

const HOUR = 3_600_000;

/** The text each search field is looked up in; the holder is their given and family name together. */
const SEARCH_TEXT: Record<FilterField, RawBuilder<string>> = {
  deveui: sql`sensors.deveui`,
  name: sql`sensors.name`,
  serial_number: sql`sensors.serial_number`,
  holder: sql`(profiles.givenname || ' ' || profiles.familyname)`,
};

/** Accent- and case-insensitive on both engines (dosedot_fold); LIKE wildcards in the value escaped. */
function condition(f: Filter<FilterField>): RawBuilder<SqlBool> {
  const folded = sql`dosedot_fold(${SEARCH_TEXT[f.field]})`;
  if (f.operator === '$eq') return sql<SqlBool>`${folded} = dosedot_fold(${f.value})`;
  const pattern = f.operator === '$startsWith' ? containsPattern(f.value).slice(1) : containsPattern(f.value);
  return sql<SqlBool>`${folded} like ${pattern} escape '\\'`;
}

/** Between the fields of one search: a control character that no folded term or field holds. */
const UNIT_SEPARATOR = '\u001f';

/**
 * The search of the Devices page: one term in every field (`filters[$or][i][field][$containsi]`).
 * Folding the fields joined by a separator once, rather than each field apart, finds the same rows
 * (a term cannot reach across the separator) for a quarter of the work.
 */
function anyOfCondition(anyOf: Filter<FilterField>[]): RawBuilder<SqlBool> | undefined {
  const [first] = anyOf;
  if (!first || anyOf.length < 2 || anyOf.some((f) => f.operator !== '$containsi' || f.value !== first.value))
    return undefined;
  const joined = sql.join(
    anyOf.map((f) => sql`coalesce(${SEARCH_TEXT[f.field]}, '')`),
    sql` || ${UNIT_SEPARATOR} || `,
  );
  return sql<SqlBool>`dosedot_fold(${joined}) like ${containsPattern(first.value)} escape '\\'`;
}

/** When a box was last heard; one never heard counts from when it was registered (the service hints' rule). */
const heard = sql<number>`coalesce(sensors.last_uplink_at, sensors.created_at)`;

/** The service hint as SQL: 2 = now, 1 = soon, 0 = none (the domain's serviceHint, same thresholds). */
function serviceRank(now: number, t: ServiceThresholds): RawBuilder<number> {
  const needs = (battery: number, hours: number) =>
    sql`(sensors.battery <= ${battery} or ${heard} <= ${now - hours * HOUR})`;
  return sql<number>`(case when ${needs(t.nowBatteryPercent, t.nowSilentHours)} then 2 when ${needs(
    t.soonBatteryPercent,
    t.soonSilentHours,
  )} then 1 else 0 end)`;
}

function fleetConditions(f: SensorFleetFilters, now: number, t: ServiceThresholds): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [];
  if (f.assigned !== undefined)
    all.push(sql<SqlBool>`profiles.id is ${f.assigned ? sql`not null` : sql`null`}`);
  if (f.service !== undefined)
    all.push(sql<SqlBool>`${serviceRank(now, t)} = ${f.service === 'now' ? 2 : 1}`);
  if (f.silentHours !== undefined) all.push(sql<SqlBool>`${heard} < ${now - f.silentHours * HOUR}`);
  if (f.batteryBelow !== undefined) all.push(sql<SqlBool>`sensors.battery < ${f.batteryBelow}`);
  return all;
}

/** The devices the query's search and filters match, each with its holder (if any). */
function filtered(db: Db, q: SensorListQuery, now: number, t: ServiceThresholds) {
  return db
    .selectFrom('sensors')
    .leftJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .where((eb) => {
      const all: Expression<SqlBool>[] = q.filters.map(condition);
      if (q.anyOf.length > 0) all.push(anyOfCondition(q.anyOf) ?? eb.or(q.anyOf.map(condition)));
      all.push(...fleetConditions(q.fleet, now, t));
      return eb.and(all);
    });
}

/**
 * The order of each sortable column: an expression, and whether it can be empty (empty values come
 * last in both directions, on both engines alike). Names sort in their folded form.
 */
function sortKeys(
  field: SensorSortField,
  now: number,
  t: ServiceThresholds,
): { key: RawBuilder<unknown>; empty?: RawBuilder<unknown> }[] {
  switch (field) {
    case 'id':
      return [{ key: sql`sensors.id` }];
    case 'deveui':
      return [{ key: sql`sensors.deveui` }];
    case 'serial_number':
      return [{ key: sql`dosedot_fold(sensors.serial_number)`, empty: sql`sensors.serial_number` }];
    case 'name':
      return [{ key: sql`dosedot_fold(sensors.name)`, empty: sql`sensors.name` }];
    case 'device_profile':
      return [{ key: sql`sensors.device_profile` }];
    case 'holder':
      return [
        { key: sql`dosedot_fold(profiles.familyname)`, empty: sql`profiles.id` },
        { key: sql`dosedot_fold(profiles.givenname)` },
      ];
    case 'battery':
      return [{ key: sql`sensors.battery`, empty: sql`sensors.battery` }];
    case 'sensortime':
      return [{ key: sql`sensors.last_uplink_at`, empty: sql`sensors.last_uplink_at` }];
    case 'service':
      return [{ key: serviceRank(now, t) }];
  }
}

const listColumns = [
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
] as const;

/** The matching devices in the asked order (then by id): one page, or all of them (`page: null`). */
function ordered(db: Db, q: SensorListQuery, now: number, t: ServiceThresholds) {
  let query = filtered(db, q, now, t).select(listColumns);
  for (const s of q.sort)
    for (const { key, empty } of sortKeys(s.field, now, t)) {
      if (empty) query = query.orderBy(sql`case when ${empty} is null then 1 else 0 end`);
      query = query.orderBy(key, s.direction);
    }
  return query.orderBy('sensors.id');
}

/**
 * One page of devices with the patient who holds each (unassigned devices too), in the asked order
 * (then by id), and how many devices the search and filters match.
 */
export async function listSensorSummaries(db: Db, q: SensorListQuery, now: number, t: ServiceThresholds) {
  const pageOf = () =>
    ordered(db, q, now, t)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
  const count = async () => {
    const row = await filtered(db, q, now, t)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  // Without a text search the page (by an index) and the count are cheap apart. A search folds
  // every row's text, so its count comes with the page (a window over the matching rows) and the
  // search runs once; a page past the end has no row to carry it and counts apart.
  if (q.filters.length === 0 && q.anyOf.length === 0) {
    const [rows, total] = await Promise.all([pageOf().execute(), count()]);
    return { rows, total };
  }
  const page = await pageOf().select(sql<number | string>`count(*) over ()`.as('full_count')).execute();
  const rows = page.map(({ full_count: _, ...row }) => row);
  if (page[0]) return { rows, total: Number(page[0].full_count) };
  return { rows, total: q.page === 1 ? 0 : await count() };
}

/** Every device the search and filters match, in the asked order (the CSV export). */
export function allSensorSummaries(db: Db, q: SensorListQuery, now: number, t: ServiceThresholds) {
  return ordered(db, q, now, t).execute();
}

export interface SensorCounts {
  total: number;
  online: number;
  silent: number;
  unassigned: number;
  serviceNow: number;
  serviceSoon: number;
}

/**
 * The fleet summary, over every device: heard from in the last 24 h, silent for longer, held by
 * nobody, and needing service now or soon (the domain's thresholds).
 */
export async function countSensors(db: Db, now: number, t: ServiceThresholds): Promise<SensorCounts> {
  const rank = serviceRank(now, t);
  const dayAgo = now - 24 * HOUR;
  const row = await db
    .selectFrom('sensors')
    .leftJoin('profiles', 'profiles.sensor_id', 'sensors.id')
    .select([
      sql<number | string>`count(*)`.as('total'),
      sql<number | string>`sum(case when sensors.last_uplink_at >= ${dayAgo} then 1 else 0 end)`.as('online'),
      sql<number | string>`sum(case when ${heard} < ${dayAgo} then 1 else 0 end)`.as('silent'),
      sql<number | string>`count(*) - count(profiles.id)`.as('unassigned'),
      sql<number | string>`sum(case when ${rank} = 2 then 1 else 0 end)`.as('now'),
      sql<number | string>`sum(case when ${rank} = 1 then 1 else 0 end)`.as('soon'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    online: Number(row.online ?? 0),
    silent: Number(row.silent ?? 0),
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

/** How many of a box's latest uplinks tell its usual interval (the reminders' box health). */
const RECENT_UPLINKS = 12;

/**
 * The box a profile holds now, as the missed-dose alerts need it: its last battery, when it was last
 * heard, and the times of its latest uplinks (newest first). Null when the profile holds no box.
 */
export async function boxHealthOfProfile(
  db: Db,
  profileId: number,
): Promise<{ battery: number | null; lastUplinkAt: number | null; recent: number[] } | null> {
  const box = await db
    .selectFrom('sensor_assignments')
    .innerJoin('sensors', 'sensors.id', 'sensor_assignments.sensor_id')
    .select(['sensors.deveui', 'sensors.battery', 'sensors.last_uplink_at'])
    .where('sensor_assignments.profile_id', '=', profileId)
    .where('sensor_assignments.assigned_to', 'is', null)
    .orderBy('sensor_assignments.assigned_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!box) return null;
  const recent = await db
    .selectFrom('uplinks')
    .select('received_at')
    .where('deveui', '=', box.deveui)
    .orderBy('received_at', 'desc')
    .limit(RECENT_UPLINKS)
    .execute();
  return {
    battery: box.battery === null ? null : Number(box.battery),
    lastUplinkAt: box.last_uplink_at === null ? null : Number(box.last_uplink_at),
    recent: recent.map((r) => Number(r.received_at)),
  };
}
