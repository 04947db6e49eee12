import type { Language, Profile, ProfileUpdate } from '@dosedot/domain';
import * as z from 'zod/mini';
import { LANGUAGES } from '../../../lib/locale';

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
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export const formValuesOf = (p: Profile): ProfileFormValues => ({
  givenname: p.givenname,
  familyname: p.familyname,
  language: p.language,
  is_dark: p.is_dark,
  timezone: p.timezone,
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
