import { type ServiceThresholds, serviceHint } from '@dosedot/domain/lorawan';
import type { SensorSummaryRow } from './queries';

/*
 * The device list as CSV (issue 24 item 10), the rule of the patient list's export
 * (packages/web/src/features/patients/utils/csv.ts): box names and holders' names are typed by
 * people, so a cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * is written with a leading apostrophe (OWASP's CSV injection advice), then quoted as RFC 4180 asks.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const HEADER = [
  'deveui',
  'serial_number',
  'name',
  'device_profile',
  'holder_givenname',
  'holder_familyname',
  'holder_profileuid',
  'battery',
  'last_seen',
  'service',
  'registered',
];

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** RFC 4180 text with CRLF line ends, a header line first; times in UTC (ISO 8601). */
export function sensorsCsv(rows: SensorSummaryRow[], now: number, thresholds: ServiceThresholds): string {
  const lines = rows.map((r) => [
    r.deveui,
    r.serial_number ?? '',
    r.name ?? '',
    r.device_profile,
    r.givenname ?? '',
    r.familyname ?? '',
    r.profileuid ?? '',
    r.battery === null ? '' : String(r.battery),
    iso(r.last_uplink_at),
    serviceHint(
      { battery: r.battery, lastUplinkAt: r.last_uplink_at, createdAt: r.created_at },
      now,
      thresholds,
    ) ?? '',
    iso(r.created_at),
  ]);
  return `${[HEADER, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
