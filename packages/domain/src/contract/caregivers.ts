import { z } from 'zod';
import { MAX_ID } from './common';

/*
 * Caregivers (issue 26 item 5): a patient invites a relative by e-mail (a single-use link valid 7
 * days); the relative, signed in, takes it and reads the patient's dashboard, plans and alerts
 * through the door, read-only, until the patient revokes them.
 */

export const CAREGIVER_INVITATION_DAYS = 7;
/** Open invitations and caregivers one patient may have at once. */
export const MAX_CAREGIVERS = 10;

export const CAREGIVER_MESSAGES = {
  unknown: 'This invitation link is not valid',
  expired: 'This invitation has expired; ask for a new one',
  used: 'This invitation has already been used',
  revoked: 'This invitation was withdrawn',
  self: 'You cannot be your own caregiver',
  already: 'This person is already invited or caring for you',
  tooMany: `At most ${MAX_CAREGIVERS} caregivers and invitations at once`,
  readOnly: 'Caregivers can read, not change, a patient’s data',
} as const;

/**
 * What a caregiver may read of their patient through the door (the access records' actions): the
 * dashboard, the medicines and plans, the box's readings, the alerts. Not My Health Data, not the
 * account export, and no write.
 */
export const CAREGIVER_READS: readonly string[] = [
  'read_profile',
  'read_adherence',
  'read_medicines',
  'read_medicine',
  'read_schedule',
  'read_storage_alerts',
  'read_presses',
  'read_climate',
  'read_chart',
  'read_reminders',
];

/** POST /api/caregivers/invite {data:{email}}. */
export const inviteCaregiverRequestSchema = z.strictObject({
  data: z.strictObject({ email: z.email({ message: 'Invalid email address' }).max(254) }),
});
export type InviteCaregiverRequest = z.infer<typeof inviteCaregiverRequestSchema>;

/** POST /api/caregivers/accept {data:{token}}: the token of the e-mailed link. */
export const acceptCaregiverRequestSchema = z.strictObject({
  data: z.strictObject({
    token: z
      .string({ message: 'This field is required' })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, CAREGIVER_MESSAGES.unknown),
  }),
});
export type AcceptCaregiverRequest = z.infer<typeof acceptCaregiverRequestSchema>;

export const caregiverIdParamsSchema = z.strictObject({
  id: z.coerce.number().int('Invalid id').positive('Invalid id').max(MAX_ID, 'Invalid id'),
});

/** One of the patient's caregivers or open invitations. */
export const caregiverSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The caregiver's name once they accepted. */
  name: z.string().nullable(),
  status: z.enum(['invited', 'active', 'expired']),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Caregiver = z.infer<typeof caregiverSchema>;
export const caregiversResponseSchema = z.object({ data: z.array(caregiverSchema) });
export const caregiverResponseSchema = z.object({ data: caregiverSchema });

/** GET /api/caregiving: the patients the signed-in user cares for (name them as X-Imp-User-Id). */
export const caregivingResponseSchema = z.object({
  data: z.array(
    z.object({
      userId: z.number().int(),
      givenname: z.string(),
      familyname: z.string(),
      since: z.string(),
    }),
  ),
});
export type CaregivingResponse = z.infer<typeof caregivingResponseSchema>;
