import { z } from 'zod';
import { ROLES } from '../constants';
import { languageSchema, MAX_ID, roleSchema } from './common';
import { medicineInputSchema } from './medicine';
import { MAX_PAGE } from './strapi-query';

/** One entry of GET /api/profiles (Strapi v4 shape, spec section 7). */
export const profileListEntrySchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    givenname: z.string(),
    familyname: z.string(),
    profileuid: z.string(),
    userid: z.number().int(),
    email: z.string(),
    sensor: z.object({
      data: z.object({ id: z.number().int(), attributes: z.object({ deveui: z.string() }) }).nullable(),
    }),
    is_dark: z.boolean(),
    is_active: z.boolean(),
    language: languageSchema,
    createdAt: z.string(),
    /** 'admin' or 'basic': the list says who can be impersonated (patients only). */
    profiletype: roleSchema,
    /** The account is blocked by an administrator (PUT /api/users/{id} {blocked}): it cannot sign in. */
    blocked: z.boolean().optional(),
    /** The patient's IANA zone: the list shows their times in it. */
    timezone: z.string().optional(),
    /*
     * The columns that answer an administrator's questions (issue 24 item 9), given by the list.
     * Adherence is the domain's (taken + by hand) / due over the last 7 chart days in the patient's
     * zone, null when nothing was due; missed_today counts today's missed intakes.
     */
    last_sign_in_at: z.string().nullable().optional(),
    last_uplink_at: z.string().nullable().optional(),
    battery: z.number().nullable().optional(),
    adherence_7d: z.number().nullable().optional(),
    doses_due_7d: z.number().int().optional(),
    doses_taken_7d: z.number().int().optional(),
    missed_today: z.number().int().optional(),
  }),
});
export type ProfileListEntry = z.infer<typeof profileListEntrySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});

export const profileListResponseSchema = z.object({
  data: z.array(profileListEntrySchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type ProfileListResponse = z.infer<typeof profileListResponseSchema>;

/** Fields the patient list sorts by (each stable: then by id). */
export const PROFILE_SORT_FIELDS = [
  'id',
  'givenname',
  'familyname',
  'profileuid',
  'language',
  'createdAt',
  'is_active',
  'email',
  'profiletype',
  'sensor',
  'last_sign_in_at',
  'last_uplink_at',
  'battery',
  'adherence_7d',
  'missed_today',
] as const;
/**
 * Fields the patient list filters on. Text fields take $containsi, $startsWith (accents and case
 * ignored) and $eq; `name` is the given and family name together. The others take $eq only, with
 * the values of PROFILE_FILTER_VALUES.
 */
export const PROFILE_FILTER_FIELDS = [
  'givenname',
  'familyname',
  'name',
  'email',
  'profileuid',
  'profiletype',
  'is_active',
  'has_sensor',
] as const;
export const PROFILE_FILTER_VALUES = {
  profiletype: ROLES,
  is_active: ['true', 'false'],
  has_sensor: ['true', 'false'],
} as const;
export const MAX_PAGE_SIZE = 100;

/** POST /api/impersonation: an administrator starts acting for a patient, naming why. */
export const startImpersonationRequestSchema = z.strictObject({
  data: z.strictObject({
    profileuid: z.uuid({ message: 'Invalid profile' }),
    reason: z
      .string({ message: 'This field is required' })
      .trim()
      .min(3, 'Name the reason (at least 3 characters)')
      .max(500),
  }),
});

export const impersonationSessionSchema = z.object({
  id: z.number().int(),
  profileuid: z.string(),
  userid: z.number().int(),
  givenname: z.string(),
  familyname: z.string(),
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type ImpersonationSession = z.infer<typeof impersonationSessionSchema>;
export const impersonationSessionResponseSchema = z.object({ data: impersonationSessionSchema });

/** An impersonation lasts at most this long; then it ends by itself. */
export const IMPERSONATION_MINUTES = 30;

/** POST /api/medicine/impersonateAssignMedicine: a medicine added for the impersonated patient. */
export const impersonateAssignMedicineRequestSchema = z.strictObject({
  data: medicineInputSchema,
  impUserId: z.number({ message: 'This field is required' }).int().positive().max(MAX_ID, 'Invalid user'),
});

export const impParamsSchema = z.strictObject({
  impUserId: z.coerce.number().int().positive({ message: 'Invalid user' }).max(MAX_ID, 'Invalid user'),
});
export const impMedicineParamsSchema = impParamsSchema.extend({
  medicineId: z.coerce.number().int().positive({ message: 'Invalid id' }).max(MAX_ID, 'Invalid id'),
});
export const profileuidParamsSchema = z.strictObject({
  profileuid: z.uuid({ message: 'Invalid profile' }),
});

/** The access log's page size when none is asked, and the largest one. */
export const ACCESS_LOG_PAGE_SIZE = 10;
export const ACCESS_LOG_MAX_PAGE_SIZE = 100;

/** GET /api/profile/access-log?pagination[page]&pagination[pageSize] (Strapi's syntax, as GET /api/profiles). */
export const accessLogQuerySchema = z.strictObject({
  'pagination[page]': z.coerce
    .number()
    // Whole and safe (zod's int), and no second issue for 1e308 being too large as well.
    .int({ message: 'Enter a whole page number', abort: true })
    .min(1, 'Pages start at 1')
    .max(MAX_PAGE, `At most ${MAX_PAGE}`)
    .default(1),
  'pagination[pageSize]': z.coerce
    .number()
    .int({ message: 'Enter a whole page size', abort: true })
    .min(1, 'A page holds at least 1 entry')
    .max(ACCESS_LOG_MAX_PAGE_SIZE, `A page holds at most ${ACCESS_LOG_MAX_PAGE_SIZE} entries`)
    .default(ACCESS_LOG_PAGE_SIZE),
});

/** GET /api/profile/access-log: who opened the patient's data as an administrator, and when. */
export const accessLogResponseSchema = z.object({
  data: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      admin: z.object({ givenname: z.string(), familyname: z.string(), email: z.string() }).nullable(),
      reason: z.string().nullable(),
      /** What the access touched: the medicine (its name), the date range, the box, the health-data section. */
      touched: z.object({
        medicine: z.string().nullable(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        deveui: z.string().nullable(),
        section: z.string().nullable(),
      }),
    }),
  ),
  meta: z.object({ pagination: paginationSchema }),
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;
