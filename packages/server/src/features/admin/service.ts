import type { Db } from '../../db';
import {
  allProfiles,
  countProfiles,
  isSqlSort,
  listProfiles,
  type ProfileListQuery,
  type ProfileListRow,
  type SqlSortField,
} from './queries';
import { type ProfileStats, statsOfProfiles } from './stats';

type Computed = 'adherence_7d' | 'missed_today';

/** A computed column's value; null (nothing due) sorts last in either direction. */
const computedValue = (field: Computed, s: ProfileStats | undefined): number | null =>
  field === 'adherence_7d' ? (s?.adherence ?? null) : (s?.missedToday ?? 0);

/**
 * The patient list: one page of profiles with their columns. The database sorts and pages by its
 * own columns; an order by a computed column (adherence, missed today) computes them for every
 * profile the filters find, sorts by them (then by the other asked fields, then by id), and keeps
 * the page.
 */
export function createPatientListService(db: Db) {
  return {
    async list(q: ProfileListQuery, now = Date.now()) {
      const computed = q.sort.some((s) => !isSqlSort(s.field));
      if (!computed) {
        const sort = q.sort.filter((s): s is { field: SqlSortField; direction: 'asc' | 'desc' } =>
          isSqlSort(s.field),
        );
        const rows = await listProfiles(db, q, sort);
        // A page beyond the end has no row to carry the total: only then is it counted apart.
        const first = rows[0];
        const total = first ? Number(first.full_count) : q.page > 1 ? await countProfiles(db, q) : 0;
        return { rows, stats: await statsOfProfiles(db, rows, now), total };
      }
      const every = await allProfiles(db, q);
      const stats = await statsOfProfiles(db, every, now);
      const total = every.length;
      const sorted = [...every].sort((a, b) => compareRows(a, b, q.sort, stats));
      const start = (q.page - 1) * q.pageSize;
      return { rows: sorted.slice(start, start + q.pageSize), stats, total };
    },
  };
}

const ROW_VALUE: Record<SqlSortField, (r: ProfileListRow) => string | number | null> = {
  id: (r) => r.id,
  givenname: (r) => r.givenname,
  familyname: (r) => r.familyname,
  profileuid: (r) => r.profileuid,
  language: (r) => r.language,
  createdAt: (r) => Number(r.created_at),
  is_active: (r) => r.is_active,
  email: (r) => r.email,
  profiletype: (r) => r.profiletype,
  sensor: (r) => r.sensor_deveui,
  last_sign_in_at: (r) => (r.last_sign_in_at === null ? null : Number(r.last_sign_in_at)),
  last_uplink_at: (r) => (r.sensor_last_uplink_at === null ? null : Number(r.sensor_last_uplink_at)),
  battery: (r) => r.sensor_battery,
};

function compareValues(a: string | number | null, b: string | number | null, direction: 'asc' | 'desc') {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1;
  return direction === 'asc' ? order : -order;
}

function compareRows(
  a: ProfileListRow,
  b: ProfileListRow,
  sort: ProfileListQuery['sort'],
  stats: Map<number, ProfileStats>,
): number {
  for (const s of sort) {
    const field = s.field;
    const c = isSqlSort(field)
      ? compareValues(ROW_VALUE[field](a), ROW_VALUE[field](b), s.direction)
      : compareValues(
          computedValue(field, stats.get(a.id)),
          computedValue(field, stats.get(b.id)),
          s.direction,
        );
    if (c !== 0) return c;
  }
  return a.id - b.id;
}
