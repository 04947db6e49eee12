import {
  containsPattern,
  type Filter,
  foldForSearch,
  type ListQuery,
  type PROFILE_FILTER_FIELDS,
  type PROFILE_SORT_FIELDS,
} from '@dosedot/domain';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Db } from '../../db';

export type ProfileSortField = (typeof PROFILE_SORT_FIELDS)[number];
type FilterField = (typeof PROFILE_FILTER_FIELDS)[number];
export type ProfileListQuery = ListQuery<ProfileSortField, FilterField>;

/** The columns the database sorts by; the others (adherence, missed today) are computed (service.ts). */
const SORT_COLUMNS = {
  id: 'profiles.id',
  givenname: 'profiles.givenname',
  familyname: 'profiles.familyname',
  profileuid: 'profiles.profileuid',
  language: 'profiles.language',
  createdAt: 'profiles.created_at',
  is_active: 'profiles.is_active',
  email: 'users.email',
  profiletype: 'profiles.profiletype',
  sensor: 'sensors.deveui',
  last_sign_in_at: 'last_sign_in_at',
  last_uplink_at: 'sensors.last_uplink_at',
  battery: 'sensors.battery',
} as const satisfies Partial<Record<ProfileSortField, string>>;
export type SqlSortField = keyof typeof SORT_COLUMNS;
export const isSqlSort = (field: ProfileSortField): field is SqlSortField => field in SORT_COLUMNS;

type Eb = ExpressionBuilder<Database, 'profiles' | 'users'>;

/** A text field as it is searched: folded (accents, case and spaces) on both engines. */
function textOf(eb: Eb, field: 'givenname' | 'familyname' | 'name' | 'email' | 'profileuid') {
  if (field === 'name')
    return sql<string>`dosedot_fold(${eb.ref('profiles.givenname')} || ' ' || ${eb.ref('profiles.familyname')})`;
  const column = {
    givenname: 'profiles.givenname',
    familyname: 'profiles.familyname',
    email: 'users.email',
    profileuid: 'profiles.profileuid',
  } as const;
  return sql<string>`dosedot_fold(${sql.ref(column[field])})`;
}

/** The last time the user signed in (any method): the newest auth.login of the audit log. */
function lastSignIn(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('audit_log')
    .select((s) => s.fn.max('audit_log.at').as('at'))
    .where('audit_log.actor_user_id', '=', eb.ref('users.id'))
    .where('audit_log.action', '=', 'auth.login');
}

function condition(eb: Eb, f: Filter<FilterField>): Expression<SqlBool> {
  switch (f.field) {
    case 'profiletype':
      return eb('profiles.profiletype', '=', f.value === 'admin' ? 'admin' : 'basic');
    case 'is_active':
      return eb('profiles.is_active', '=', f.value === 'true' ? 1 : 0);
    case 'has_sensor':
      return eb('profiles.sensor_id', f.value === 'true' ? 'is not' : 'is', null);
    default: {
      const text = textOf(eb, f.field);
      if (f.operator === '$eq') return eb(text, '=', foldForSearch(f.value));
      const pattern =
        f.operator === '$startsWith' ? `${containsPattern(f.value).slice(1)}` : containsPattern(f.value);
      return eb(text, 'like', sql<string>`${pattern} escape '\\'`);
    }
  }
}

function filtered(db: Db, q: ProfileListQuery) {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .where((eb) => {
      const all = q.filters.map((f) => condition(eb, f));
      if (q.anyOf.length > 0) all.push(eb.or(q.anyOf.map((f) => condition(eb, f))));
      return eb.and(all);
    });
}

function selected(db: Db, q: ProfileListQuery) {
  return filtered(db, q)
    .leftJoin('sensors', 'sensors.id', 'profiles.sensor_id')
    .select((eb) => [
      'profiles.id',
      'profiles.user_id',
      'profiles.givenname',
      'profiles.familyname',
      'profiles.profileuid',
      'profiles.is_dark',
      'profiles.is_active',
      'profiles.language',
      'profiles.timezone',
      'profiles.day_times',
      'profiles.created_at',
      'profiles.profiletype',
      'users.email',
      'users.blocked',
      'sensors.id as sensor_id',
      'sensors.deveui as sensor_deveui',
      'sensors.battery as sensor_battery',
      'sensors.last_uplink_at as sensor_last_uplink_at',
      lastSignIn(eb).as('last_sign_in_at'),
    ]);
}

/**
 * One page of profiles in the asked order, then by id (stable). Empty values (never signed in, no
 * box) come last in either direction, on both engines.
 */
export async function listProfiles(
  db: Db,
  q: ProfileListQuery,
  sort: { field: SqlSortField; direction: 'asc' | 'desc' }[],
) {
  let query = selected(db, q);
  for (const s of sort) {
    // PostgreSQL takes an output column's name in ORDER BY only alone, not inside an expression.
    const column =
      s.field === 'last_sign_in_at'
        ? sql`(select max(audit_log.at) from audit_log where audit_log.actor_user_id = users.id and audit_log.action = 'auth.login')`
        : sql.ref(SORT_COLUMNS[s.field]);
    query = query.orderBy(sql`case when ${column} is null then 1 else 0 end`).orderBy(column, s.direction);
  }
  const rows = await query
    // The total in the same scan (the filters run once): a window over every row found.
    .select(sql<number | string>`count(*) over ()`.as('full_count'))
    .orderBy('profiles.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return rows;
}

/** Every profile the filters find (for an order the database cannot give: service.ts pages it). */
export function allProfiles(db: Db, q: ProfileListQuery) {
  return selected(db, q).orderBy('profiles.id').execute();
}

export async function countProfiles(db: Db, q: ProfileListQuery): Promise<number> {
  const total = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(total.n);
}

export type ProfileListRow = Awaited<ReturnType<typeof allProfiles>>[number];

/* What the adherence of a page of profiles needs, in one query each (no query per profile). */

/** The medicines of these profiles. */
export function medicinesOfProfiles(db: Db, profileIds: number[]) {
  return db
    .selectFrom('medicines')
    .select(['id', 'profile_id', 'type', 'start_date', 'end_date', 'posology', 'created_at'])
    .where('profile_id', 'in', profileIds)
    .orderBy('id')
    .execute();
}

/** The dosage times of these profiles' medicines. */
export function schedulesOfProfiles(db: Db, profileIds: number[]) {
  return db
    .selectFrom('medicine_schedules')
    .innerJoin('medicines', 'medicines.id', 'medicine_schedules.medicine_id')
    .select(['medicine_schedules.medicine_id', 'medicine_schedules.dosage_time'])
    .where('medicines.profile_id', 'in', profileIds)
    .orderBy('medicine_schedules.dosage_time')
    .orderBy('medicine_schedules.id')
    .execute();
}

/** When each profile's first box became theirs. */
export function firstAssignments(db: Db, profileIds: number[]) {
  return db
    .selectFrom('sensor_assignments')
    .select((eb) => ['profile_id', eb.fn.min('assigned_from').as('first')])
    .where('profile_id', 'in', profileIds)
    .groupBy('profile_id')
    .execute();
}

/**
 * The presses of these profiles' boxes between two instants, each only from while the box was that
 * profile's (the rule of sensors/queries.ts `whileHeldBy`), oldest first.
 */
export function pressesOfProfiles(db: Db, profileIds: number[], from: number, to: number) {
  return db
    .selectFrom('button_presses')
    .innerJoin('sensor_assignments', 'sensor_assignments.sensor_id', 'button_presses.sensor_id')
    .select(['sensor_assignments.profile_id', 'button_presses.pressed_at'])
    .where('sensor_assignments.profile_id', 'in', profileIds)
    .where('button_presses.pressed_at', '>=', from)
    .where('button_presses.pressed_at', '<', to)
    .where((eb) =>
      eb.and([
        eb('button_presses.pressed_at', '>=', eb.ref('sensor_assignments.assigned_from')),
        eb.or([
          eb('sensor_assignments.assigned_to', 'is', null),
          eb('button_presses.pressed_at', '<', eb.ref('sensor_assignments.assigned_to')),
        ]),
      ]),
    )
    .orderBy('button_presses.pressed_at')
    .execute();
}

/** Scheduled doses confirmed by hand of these profiles, scheduled between two instants. */
export function confirmationsOfProfiles(db: Db, profileIds: number[], from: number, to: number) {
  return db
    .selectFrom('manual_intakes')
    .innerJoin('medicines', 'medicines.id', 'manual_intakes.medicine_id')
    .select(['medicines.profile_id', 'manual_intakes.medicine_id', 'manual_intakes.scheduled_at'])
    .where('medicines.profile_id', 'in', profileIds)
    .where('manual_intakes.scheduled_at', '>=', from)
    .where('manual_intakes.scheduled_at', '<', to)
    .execute();
}
