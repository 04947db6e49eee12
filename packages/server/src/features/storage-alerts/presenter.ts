import type { StorageAlertsResponse } from '@dosedot/domain';
import type { OutOfRangeInterval } from '@dosedot/domain/storage';
import type { MedicineRow } from '../medicines';

const iso = (ms: number) => new Date(ms).toISOString();

/** Medicines with their stretches out of range, newest stretch first. */
export function presentStorageAlerts(
  range: { from: string; to: string; timezone: string },
  medicines: { medicine: MedicineRow; intervals: OutOfRangeInterval[]; minutesOut: number }[],
  readings: number,
): StorageAlertsResponse {
  return {
    data: {
      ...range,
      medicines: medicines.map(({ medicine: m, intervals, minutesOut }) => ({
        id: m.id,
        name: m.name,
        storage_temp_min: m.storage_temp_min,
        storage_temp_max: m.storage_temp_max,
        storage_humidity_max: m.storage_humidity_max,
        minutesOut,
        intervals: intervals
          .map((i) => ({
            start: iso(i.start),
            end: iso(i.end),
            minutes: Math.round((i.end - i.start) / 60_000),
            reasons: i.reasons,
            lowest: i.lowest,
            highest: i.highest,
            humidityHighest: i.humidityHighest,
            deveui: i.deveui,
          }))
          .reverse(),
      })),
    },
    meta: { readings },
  };
}
