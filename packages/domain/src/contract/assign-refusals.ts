/*
 * Kept apart from the assignment's schemas (assign.ts, zod): the web app's pages say a refusal in
 * the reader's language without loading the form checks (issue 23 item 12).
 */

/**
 * Why an assignment was refused: `details.reason` of the error answer (and the field error's code
 * for the 400s naming a field), so the web says it in the reader's language (issue 24 item 7).
 */
export const ASSIGN_REFUSALS = [
  /** 400 data.deveui: no box has this DevEUI. */
  'box_unknown',
  /** 409: another patient holds the box. */
  'box_held',
  /** 400 data.profileid: no such profile. */
  'patient_unknown',
  /** 409: the patient's profile is inactive or the account blocked. */
  'patient_inactive',
  /** 409: the profile is an administrator's; only patients hold boxes. */
  'patient_admin',
  /** 409: the patient holds another box. */
  'patient_has_box',
  /** 400 data.since: later than now. */
  'since_future',
  /** 400 data.since: before the box's previous holder gave it back. */
  'since_before_return',
  /** 400 data.since: before the patient gave back their previous box (they would hold two at once). */
  'since_before_own_return',
] as const;
export type AssignRefusal = (typeof ASSIGN_REFUSALS)[number];
