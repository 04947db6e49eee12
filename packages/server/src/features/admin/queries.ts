import type { Filter, ListQuery, PROFILE_FILTER_FIELDS, PROFILE_SORT_FIELDS } from '@dosedot/domain';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db';

type SortField = (typeof PROFILE_SORT_FIELDS)[number];
type FilterField = (typeof PROFILE_FILTER_FIELDS)[number];
export type ProfileListQuery = ListQuery<SortField, FilterField>;

const SORT_COLUMNS = {
  id: 'profiles.id',
  givenname: 'profiles.givenname',
  familyname: 'profiles.familyname',
  profileuid: 'profiles.profileuid',
  language: 'profiles.language',
  createdAt: 'profiles.created_at',
  is_active: 'profiles.is_active',
} as const;

const FILTER_COLUMNS = {
  givenname: 'profiles.givenname',
  familyname: 'profiles.familyname',
  email: 'users.email',
  profileuid: 'profiles.profileuid',
} as const;

type Eb = ExpressionBuilder<Database, 'profiles' | 'users'>;

/** Case-insensitive on both engines: lower() on both sides; LIKE wildcards in the value escaped. */
function condition(eb: Eb, f: Filter<FilterField>) {
  const column = sql.ref(FILTER_COLUMNS[f.field]);
  if (f.operator === '$eq') return eb(column, '=', f.value);
  const escaped = f.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = f.operator === '$startsWith' ? `${escaped}%` : `%${escaped}%`;
  return eb(sql`lower(${column})`, 'like', sql`${pattern} escape '\\'`);
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

/** One page of profiles with their sensor and e-mail, in the asked order (then by id). */
export async function listProfiles(db: Db, q: ProfileListQuery) {
  let query = filtered(db, q)
    .leftJoin('sensors', 'sensors.id', 'profiles.sensor_id')
    .select([
      'profiles.id',
      'profiles.user_id',
      'profiles.givenname',
      'profiles.familyname',
      'profiles.profileuid',
      'profiles.is_dark',
      'profiles.is_active',
      'profiles.language',
      'profiles.created_at',
      'profiles.profiletype',
      'users.email',
      'sensors.id as sensor_id',
      'sensors.deveui as sensor_deveui',
    ]);
  for (const s of q.sort) query = query.orderBy(sql.ref(SORT_COLUMNS[s.field]), s.direction);
  const rows = await query
    .orderBy('profiles.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const total = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export type ProfileListRow = Awaited<ReturnType<typeof listProfiles>>['rows'][number];
