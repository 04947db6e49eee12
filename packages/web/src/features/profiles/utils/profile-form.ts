import type { Language, Profile, ProfileUpdate } from '@dosedot/domain';
import * as z from 'zod/mini';
import { LANGUAGES } from '../../../lib/locale';

/** The day segments whose times the patient sets (issue 27: eMediplan's morning, noon, evening, night). */
export const DAY_TIME_FIELDS = ['morning', 'noon', 'evening', 'night'] as const;

const dayTime = z
  .string()
  .check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'profile.reminders.badTime' }));

/** The update form (messages are catalog keys; the server checks again and names the field). */
export const profileFormSchema = z.object({
  givenname: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'validation.required' }),
      z.maxLength(100, { message: 'validation.tooLong' }),
    ),
  familyname: z.string().check(z.trim(), z.maxLength(100, { message: 'validation.tooLong' })),
  language: z.enum(LANGUAGES),
  is_dark: z.boolean(),
  timezone: z.string().check(z.minLength(1, { message: 'validation.required' })),
  morning: dayTime,
  noon: dayTime,
  evening: dayTime,
  night: dayTime,
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export const formValuesOf = (p: Profile): ProfileFormValues => ({
  givenname: p.givenname,
  familyname: p.familyname,
  language: p.language,
  is_dark: p.is_dark,
  timezone: p.timezone,
  ...p.day_times,
});

/** Only what changed goes to PUT /api/profile/userdata (empty when nothing did). */
export function changesOf(current: Profile, values: ProfileFormValues): ProfileUpdate {
  const next: ProfileUpdate = {};
  const givenname = values.givenname.trim();
  const familyname = values.familyname.trim();
  if (givenname !== current.givenname) next.givenname = givenname;
  if (familyname !== current.familyname) next.familyname = familyname;
  if (values.language !== current.language) next.language = values.language as Language;
  if (values.is_dark !== current.is_dark) next.is_dark = values.is_dark;
  if (values.timezone !== current.timezone) next.timezone = values.timezone;
  if (DAY_TIME_FIELDS.some((s) => values[s] !== current.day_times[s]))
    next.day_times = {
      morning: values.morning,
      noon: values.noon,
      evening: values.evening,
      night: values.night,
    };
  return next;
}

/** The time zones to choose from: the browser's list, with the profile's own kept even if the browser lacks it. */
export function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['UTC', 'Europe/Zurich'];
  return all.includes(current) ? all : [current, ...all];
}
