import { z } from 'zod';
import { isIsoDate } from '../time/dates';
import { paginationSchema } from './admin';
import { isIsoInstant, MAX_ID, withinCalendar } from './common';

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

/** What POST /api/ingest/tts and /api/ingest/chirpstack answer once the uplink is committed. */
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

/** Fields the device list sorts and filters on (Strapi query syntax, as GET /api/profiles). */
export const SENSOR_SORT_FIELDS = ['id', 'deveui', 'battery', 'sensortime'] as const;
export const SENSOR_FILTER_FIELDS = ['deveui', 'name', 'serial_number'] as const;
export const SENSOR_DEFAULT_PAGE_SIZE = 25;

export const sensorySummariesResponseSchema = z.object({
  data: z.array(sensorSummarySchema),
  meta: z.object({
    /** The page asked for (pagination[page], pagination[pageSize]); total counts the filtered devices. */
    pagination: paginationSchema,
    /** The counts below are over every device, whatever the page and filters. */
    total: z.number().int(),
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

/** POST /api/sensor/assign */
export const assignSensorRequestSchema = z.strictObject({
  data: z.strictObject({ profileid: idSchema('Invalid profile'), deveui: deveuiSchema }),
});
export type AssignSensorRequest = z.infer<typeof assignSensorRequestSchema>;

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
