import { z } from 'zod';
import { isIsoDate } from '../time/dates';
import { paginationSchema } from './admin';
import { type FieldError, isIsoInstant, MAX_ID, withinCalendar } from './common';

/*
 * The sensor box's calls: ingestion answers for the network servers, the admin device list and
 * (un)assignment, a patient's press and temperature/humidity history, and the sensor chart.
 */

const required = 'This field is required';

/** A DevEUI: 16 hexadecimal digits, kept in upper case. */
export const deveuiSchema = z
  .string({ message: required })
  .trim()
  .regex(/^[0-9a-fA-F]{16}$/, 'A DevEUI has 16 hexadecimal digits')
  .transform((v) => v.toUpperCase());

const idSchema = (message: string) =>
  z.coerce.number({ message: required }).int(message).positive(message).max(MAX_ID, message);

/** 'YYYY-MM-DD' (a whole local day) or an ISO date-time with its offset (that instant); both must exist. */
export const dateOrInstantSchema = z
  .string({ message: required })
  .trim()
  .refine(
    (v) => (isIsoDate(v) || isIsoInstant(v)) && withinCalendar(v),
    'Enter a date as YYYY-MM-DD or a date-time with its offset',
  );

/**
 * The caller's UTC offset: minutes as JavaScript's Date#getTimezoneOffset gives them (UTC minus local:
 * -60 in Berlin in winter), '+01:00' style, or an IANA zone name (DST-correct). Default: the profile's zone.
 */
export const timeOffsetSchema = z.union([
  z.number().int().min(-840, 'An offset is at most 14 hours').max(840, 'An offset is at most 14 hours'),
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(
      /^([+-]\d{2}:?\d{2}|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*|UTC)$/,
      'Enter an offset such as +01:00 or a time zone',
    ),
]);

// ── Ingestion ────────────────────────────────────────────────────────────────────────────────

export const INGEST_RESULTS = ['stored', 'duplicate', 'ignored'] as const;
export const DECODE_STATUSES = ['decoded', 'fallback', 'undecodable', 'ignored'] as const;

/** What POST /api/ingest/{tts,chirpstack,thingpark,loriot,helium} answer once the uplink is committed. */
export const ingestResponseSchema = z.object({
  data: z.object({
    /** stored: new uplink; duplicate: seen before, acknowledged, not stored again; ignored: not an uplink. */
    result: z.enum(INGEST_RESULTS),
    identity: z.string().nullable(),
    decode: z.enum(DECODE_STATUSES).nullable(),
  }),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

/** ?event=up|status|log|join|… of the ChirpStack HTTP integration. */
export const chirpstackQuerySchema = z.object({
  event: z.string({ message: 'The event query parameter is required (?event=up)' }).min(1).max(32),
});

// ── Devices (admin) ──────────────────────────────────────────────────────────────────────────

export const SERVICE_HINTS = ['now', 'soon'] as const;

/** One entry of GET /api/sensory-summaries (Strapi shape, spec section 7). */
export const sensorSummarySchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    deveui: z.string(),
    /** Battery percent, null until the device reported one. */
    battery: z.number().nullable(),
    /** When the device was last heard (ISO), null if never. */
    sensortime: z.string().nullable(),
    buttonmode: z.string().nullable(),
    serial_number: z.string().nullable(),
    name: z.string().nullable(),
    device_profile: z.string(),
    /** 'now' = need service now, 'soon' = need service soon (ARCHITECTURE section 4), else null. */
    service: z.enum(SERVICE_HINTS).nullable(),
    servicehint: z.string().nullable(),
    /** The patient who holds the sensor, or null when it is unassigned. */
    profile: z
      .object({ id: z.number().int(), profileuid: z.string(), givenname: z.string(), familyname: z.string() })
      .nullable(),
    createdAt: z.string(),
  }),
});
export type SensorSummary = z.infer<typeof sensorSummarySchema>;

/*
 * GET /api/sensory-summaries and GET /api/sensory-summaries/export.csv read Strapi v4's list syntax
 * (strapi-query.ts) and the fleet filters below (issue 24 items 2 and 10):
 *
 * - search: Strapi's `filters[$or][i][field][$containsi]=term` over deveui, serial_number, name and
 *   holder (the holder's given and family name), accents and case ignored on both engines
 *   (dosedot_fold): `filters[$or][0][deveui][$containsi]=mul&filters[$or][1][holder][$containsi]=mul`
 *   finds Müller's box. A single `filters[field][$containsi|$startsWith|$eq]` works the same way.
 * - `filters[assigned][$eq]=true|false`: held by a patient or free;
 * - `filters[service][$eq]=now|soon`: the box's service hint (soon = soon only, not now);
 * - `filters[silent_hours][$gt]=N`: nothing heard for more than N hours (a box never heard counts
 *   from when it was registered, as the service hints do), 1 to 8760;
 * - `filters[battery][$lt]=N`: battery below N percent (boxes that never reported one excluded), 1 to 100;
 * - `sort[0]=field[:asc|desc]` on any column shown, then by id; empty values (no serial, no holder,
 *   no battery, never heard) come last in both directions.
 * A value or key the list cannot use answers 400 naming the key.
 */

/** Fields the device list sorts by: every column of the Devices page (`holder`: family, then given name). */
export const SENSOR_SORT_FIELDS = [
  'id',
  'deveui',
  'serial_number',
  'name',
  'device_profile',
  'holder',
  'battery',
  'sensortime',
  'service',
] as const;
export type SensorSortField = (typeof SENSOR_SORT_FIELDS)[number];
/** Text fields the device list searches (accent- and case-insensitive). */
export const SENSOR_FILTER_FIELDS = ['deveui', 'name', 'serial_number', 'holder'] as const;
export const SENSOR_DEFAULT_PAGE_SIZE = 25;

/** The fleet filters, as the server reads them (each absent when not asked). */
export interface SensorFleetFilters {
  assigned?: boolean;
  service?: (typeof SERVICE_HINTS)[number];
  silentHours?: number;
  batteryBelow?: number;
}

export const MAX_SILENT_HOURS = 8760;

const FLEET_KEYS = {
  'filters[assigned][$eq]': 'assigned',
  'filters[service][$eq]': 'service',
  'filters[silent_hours][$gt]': 'silentHours',
  'filters[battery][$lt]': 'batteryBelow',
} as const;

const wholeNumber = (v: string, min: number, max: number) => {
  const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
  return n >= min && n <= max ? n : undefined;
};

/**
 * Takes the fleet filters out of a list query string: the filters, the rest (for the Strapi parser)
 * and a message per key whose value is wrong.
 */
export function readFleetFilters(query: Record<string, string | string[] | undefined>): {
  filters: SensorFleetFilters;
  rest: Record<string, string | string[] | undefined>;
  errors: FieldError[];
} {
  const filters: SensorFleetFilters = {};
  const rest: Record<string, string | string[] | undefined> = {};
  const errors: FieldError[] = [];
  const fail = (key: string, message: string) =>
    errors.push({ path: [key], message, name: 'ValidationError' });
  for (const [key, raw] of Object.entries(query)) {
    const which = (FLEET_KEYS as Record<string, (typeof FLEET_KEYS)[keyof typeof FLEET_KEYS]>)[key];
    if (!which) {
      rest[key] = raw;
      continue;
    }
    const value = Array.isArray(raw) ? (raw[raw.length - 1] ?? '') : (raw ?? '');
    if (which === 'assigned') {
      if (value === 'true' || value === 'false') filters.assigned = value === 'true';
      else fail(key, 'Must be true or false');
    } else if (which === 'service') {
      if (value === 'now' || value === 'soon') filters.service = value;
      else fail(key, 'Must be now or soon');
    } else if (which === 'silentHours') {
      const n = wholeNumber(value, 1, MAX_SILENT_HOURS);
      if (n === undefined) fail(key, `Must be a whole number of hours from 1 to ${MAX_SILENT_HOURS}`);
      else filters.silentHours = n;
    } else {
      const n = wholeNumber(value, 1, 100);
      if (n === undefined) fail(key, 'Must be a whole percent from 1 to 100');
      else filters.batteryBelow = n;
    }
  }
  return { filters, rest, errors };
}

export const sensorySummariesResponseSchema = z.object({
  data: z.array(sensorSummarySchema),
  meta: z.object({
    /** The page asked for (pagination[page], pagination[pageSize]); total counts the filtered devices. */
    pagination: paginationSchema,
    /** The counts below are over every device, whatever the page and filters (the fleet summary). */
    total: z.number().int(),
    /** Heard from in the last 24 hours. */
    online: z.number().int(),
    /** Nothing heard for more than 24 hours (never heard: since registered). */
    silent: z.number().int(),
    unassigned: z.number().int(),
    serviceNow: z.number().int(),
    serviceSoon: z.number().int(),
    /** What this server copy ingested since it started (undecodable uplinks are kept raw and counted). */
    ingest: z.object({
      uplinks: z.number().int(),
      stored: z.number().int(),
      duplicates: z.number().int(),
      undecodable: z.number().int(),
      rejected: z.number().int(),
      badMessages: z.number().int(),
    }),
  }),
});
export type SensorySummariesResponse = z.infer<typeof sensorySummariesResponseSchema>;

/** PUT /api/sensor/unassign: the sensor by its DevEUI, or the patient whose sensor it is. */
export const unassignSensorRequestSchema = z.strictObject({
  data: z
    .strictObject({ deveui: deveuiSchema.optional(), profileid: idSchema('Invalid profile').optional() })
    .refine((d) => d.deveui !== undefined || d.profileid !== undefined, {
      message: 'Name the sensor (deveui) or the patient (profileid)',
      path: ['deveui'],
    }),
});
export type UnassignSensorRequest = z.infer<typeof unassignSensorRequestSchema>;

export const sensorAssignmentSchema = z.object({
  /** The sensor's id. */
  id: z.number().int(),
  deveui: z.string(),
  profileid: z.number().int(),
  profileuid: z.string(),
  assignedFrom: z.string(),
  /** Null while the assignment is open. */
  assignedTo: z.string().nullable(),
});
export type SensorAssignment = z.infer<typeof sensorAssignmentSchema>;
export const sensorAssignmentResponseSchema = z.object({ data: sensorAssignmentSchema });

// ── A patient's sensor history ───────────────────────────────────────────────────────────────

const historyRequest = {
  profileId: idSchema('Invalid profile'),
  startDate: dateOrInstantSchema,
  endDate: dateOrInstantSchema,
  timeOffset: timeOffsetSchema.optional(),
};

/** POST /api/sensor/button/getButtonPressHistory */
export const buttonPressHistoryRequestSchema = z.strictObject(historyRequest);
export type ButtonPressHistoryRequest = z.infer<typeof buttonPressHistoryRequestSchema>;

/** POST /api/sensor/history/getSensorTempAndHumiHistory */
export const tempHumiHistoryRequestSchema = z.strictObject(historyRequest);
export type TempHumiHistoryRequest = z.infer<typeof tempHumiHistoryRequestSchema>;

/** The longest range a history call answers. */
export const MAX_PRESS_HISTORY_DAYS = 400;
export const MAX_TEMP_HUMI_HISTORY_DAYS = 92;

/** A press (after the 1-minute merge) in the caller's offset, and in UTC. */
export const buttonPressSchema = z.object({
  sensordate: z.string(),
  sensortime: z.string(),
  sensordatetime_utc: z.string(),
  deveui: z.string(),
});
export type ButtonPress = z.infer<typeof buttonPressSchema>;

export const buttonPressHistoryResponseSchema = z.object({
  data: z.object({
    profileId: z.number().int(),
    /** The offset or zone the local dates and times are in. */
    timeOffset: z.string(),
    from: z.string(),
    to: z.string(),
    presses: z.array(buttonPressSchema),
  }),
});
export type ButtonPressHistoryResponse = z.infer<typeof buttonPressHistoryResponseSchema>;

export const tempHumiReadingSchema = z.object({
  sensordate: z.string(),
  sensortime: z.string(),
  sensordatetime_utc: z.string(),
  deveui: z.string(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
});
export const tempHumiHistoryResponseSchema = z.object({
  data: z.object({
    profileId: z.number().int(),
    timeOffset: z.string(),
    from: z.string(),
    to: z.string(),
    readings: z.array(tempHumiReadingSchema),
  }),
});
export type TempHumiHistoryResponse = z.infer<typeof tempHumiHistoryResponseSchema>;

// ── Sensor chart ─────────────────────────────────────────────────────────────────────────────

/** POST /api/medicine-history/chart */
export const sensorChartRequestSchema = z.strictObject({
  data: z.strictObject({
    deveui: deveuiSchema,
    startdate: dateOrInstantSchema,
    enddate: dateOrInstantSchema,
  }),
});
export type SensorChartRequest = z.infer<typeof sensorChartRequestSchema>;

/** At most this many points per series; longer ranges are reduced keeping each bucket's peaks. */
export const CHART_MAX_POINTS = 1000;
export const MAX_CHART_DAYS = 400;

/**
 * The series share one time axis (sensorTime, ISO); a value is null where that reading lacked it.
 * Over long ranges the points are the minimum and maximum of every series in each time bucket.
 */
export const sensorChartResponseSchema = z.object({
  data: z.object({
    deveui: z.string(),
    from: z.string(),
    to: z.string(),
    sensorTime: z.array(z.string()),
    temperature: z.array(z.number().nullable()),
    humidity: z.array(z.number().nullable()),
    battery: z.array(z.number().nullable()),
    motion: z.array(z.number().nullable()),
  }),
  meta: z.object({
    /** Readings in the range before reduction. */
    readings: z.number().int(),
    points: z.number().int(),
    downsampled: z.boolean(),
  }),
});
export type SensorChartResponse = z.infer<typeof sensorChartResponseSchema>;
