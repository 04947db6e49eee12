import type { ProfileListEntry } from '@dosedot/domain';
import type { ProfileStats } from './stats';

/** What every profile entry is made of (the list's row, or a single profile's). */
interface ProfileRow {
  id: number;
  user_id: number;
  givenname: string;
  familyname: string;
  profileuid: string;
  email: string;
  is_dark: number;
  is_active: number;
  language: ProfileListEntry['attributes']['language'];
  created_at: number | string;
  profiletype: ProfileListEntry['attributes']['profiletype'];
  sensor_id: number | null;
  sensor_deveui: string | null;
}

/** The list's columns beyond the spec's fields (issue 24 item 9). */
interface ListColumns {
  blocked: number;
  timezone: string;
  sensor_battery: number | null;
  sensor_last_uplink_at: number | string | null;
  last_sign_in_at: number | string | null;
}

const isoOrNull = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A profile as GET /api/profiles shows it (Strapi v4: id and attributes). */
export function presentProfileEntry(row: ProfileRow, withSensor: boolean): ProfileListEntry {
  return {
    id: row.id,
    attributes: {
      givenname: row.givenname,
      familyname: row.familyname,
      profileuid: row.profileuid,
      userid: row.user_id,
      email: row.email,
      sensor: {
        data:
          withSensor && row.sensor_id !== null && row.sensor_deveui !== null
            ? { id: row.sensor_id, attributes: { deveui: row.sensor_deveui } }
            : null,
      },
      is_dark: row.is_dark === 1,
      is_active: row.is_active === 1,
      language: row.language,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      profiletype: row.profiletype,
    },
  };
}

/** A row of the list with its columns: last sign-in, last uplink, battery, adherence, missed today. */
export function presentListEntry(
  row: ProfileRow & ListColumns,
  withSensor: boolean,
  stats: ProfileStats | undefined,
): ProfileListEntry {
  const entry = presentProfileEntry(row, withSensor);
  return {
    ...entry,
    attributes: {
      ...entry.attributes,
      timezone: row.timezone,
      blocked: row.blocked === 1,
      last_sign_in_at: isoOrNull(row.last_sign_in_at),
      last_uplink_at: isoOrNull(row.sensor_last_uplink_at),
      battery: row.sensor_battery,
      adherence_7d: stats?.adherence ?? null,
      doses_due_7d: stats?.due ?? 0,
      doses_taken_7d: stats?.taken ?? 0,
      missed_today: stats?.missedToday ?? 0,
    },
  };
}
