import type { Medicine, Profile } from '@dosedot/domain';
import { segmentTimesOf } from '@dosedot/domain/posology';
import type { ProfileWithSensor } from './queries';

export function presentProfile(row: ProfileWithSensor, medicines: Medicine[]): Profile {
  return {
    id: row.id,
    userid: row.user_id,
    profileuid: row.profileuid,
    givenname: row.givenname,
    familyname: row.familyname,
    is_active: row.is_active === 1,
    is_dark: row.is_dark === 1,
    is_linked: row.is_linked === 1,
    tour_seen: row.tour_seen === 1,
    language: row.language,
    timezone: row.timezone,
    day_times: segmentTimesOf(row.day_times),
    sensor: row.sensor_deveui ? { serial_number: row.sensor_serial_number, deveui: row.sensor_deveui } : null,
    medicines,
    profile_role: { profiletype: row.profiletype },
  };
}
