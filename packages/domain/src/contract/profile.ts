import { z } from 'zod';
import { segmentTimesSchema } from '../posology/model';
import { languageSchema, roleSchema, timeZoneSchema } from './common';
import { medicineSchema } from './medicine';

export const PROFILE_TYPES = ['admin', 'basic'] as const;

/** GET /api/profile/userdata (and the impersonation variant). */
export const profileSchema = z.object({
  id: z.number().int(),
  userid: z.number().int(),
  profileuid: z.string(),
  givenname: z.string(),
  familyname: z.string(),
  is_active: z.boolean(),
  is_dark: z.boolean(),
  is_linked: z.boolean(),
  /** The guided tour opened by itself once for this user, on any device (not in the spec). */
  tour_seen: z.boolean(),
  language: languageSchema,
  timezone: z.string(),
  /**
   * The patient's own times of the day segments (morning, noon, evening, night) that eMediplan
   * posologies name (issue 27): eMediplan's 08:00, 12:00, 18:00, 22:00 until the patient changes them.
   */
  day_times: segmentTimesSchema,
  sensor: z.object({ serial_number: z.string().nullable(), deveui: z.string() }).nullable(),
  medicines: z.array(medicineSchema),
  profile_role: z.object({ profiletype: roleSchema }),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /api/profile/userdata — the signed-in user changes their own profile. */
export const profileUpdateSchema = z
  .strictObject({
    givenname: z.string().trim().min(1, { message: 'This field is required' }).max(100),
    familyname: z.string().trim().max(100),
    is_dark: z.boolean(),
    language: languageSchema,
    timezone: timeZoneSchema,
    day_times: segmentTimesSchema,
    /** Only ever set: a tour that was seen stays seen. */
    tour_seen: z.literal(true),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
