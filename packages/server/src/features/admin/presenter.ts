import type { ProfileListEntry } from '@dosedot/domain';
import type { ProfileListRow } from './queries';

/** A profile as GET /api/profiles shows it (Strapi v4: id and attributes). */
export function presentProfileEntry(row: ProfileListRow, withSensor: boolean): ProfileListEntry {
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
      createdAt: new Date(row.created_at).toISOString(),
      profiletype: row.profiletype,
    },
  };
}
