import type { Language, Role } from '@dosedot/domain';
import type { Generated, Selectable } from 'kysely';

/*
 * Storage conventions (docs/decisions/0001-storage-types.md): instants are epoch milliseconds in
 * bigint columns (`*_at`), calendar dates 'YYYY-MM-DD' text, wall-clock times 'HH:MM:SS.sss' text,
 * flags 0/1 integers. The same values on SQLite and PostgreSQL, so one query code serves both.
 */
type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  token_version: Generated<number>;
  /** 0 until the owner opens the e-mailed confirmation link (decision 0002). */
  confirmed: Generated<Flag>;
  blocked: Generated<Flag>;
  profile_img: string | null;
  /** 1 while the user has a confirmed two-factor secret (two_factor_secrets). */
  two_factor: Generated<Flag>;
  /**
   * The session that outlived the last "end every other session" (password change, two-step sign-in
   * turned on or off): its tokens stay valid past a token-version bump. Null after anything that ends
   * every session (decision 0002).
   */
  kept_session: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProfilesTable {
  id: Generated<number>;
  user_id: number;
  profileuid: string;
  givenname: string;
  familyname: string;
  is_active: Generated<Flag>;
  is_dark: Generated<Flag>;
  is_linked: Generated<Flag>;
  /** The guided tour opened by itself once (issue 23 item 5). */
  tour_seen: Generated<Flag>;
  language: Language;
  timezone: string;
  /** JSON of the patient's day-segment times (migration 0800); null: eMediplan's defaults. */
  day_times: Generated<string | null>;
  profiletype: Role;
  sensor_id: number | null;
  created_at: number;
  updated_at: number;
}

/** A single-use e-mail confirmation link: its token's SHA-256, never the token. */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SensorsTable {
  id: Generated<number>;
  deveui: string;
  serial_number: string | null;
  name: string | null;
  device_profile: string;
  buttonmode: string | null;
  battery: number | null;
  last_uplink_at: number | null;
  created_at: number;
}

export interface SensorAssignmentsTable {
  id: Generated<number>;
  sensor_id: number;
  profile_id: number;
  assigned_from: number;
  assigned_to: number | null;
  assigned_by: number | null;
}

export interface MedicinesTable {
  id: Generated<number>;
  profile_id: number;
  name: string;
  /** 1 = scheduled (has dosage times), 2 = as needed. */
  type: 1 | 2;
  description: string | null;
  strength: string | null;
  galenic_form: string | null;
  start_date: string;
  end_date: string | null;
  /** The storage range (decision 0006), each limit optional: °C, °C, %RH. */
  storage_temp_min: number | null;
  storage_temp_max: number | null;
  storage_humidity_max: number | null;
  /** The posology's JSON (decision 0014); null: the dosage times in medicine_schedules say it all. */
  posology: string | null;
  /** The identifier an eMediplan import named it by: gtin, pharmacode or productNumber, and its value. */
  identifier_type: string | null;
  identifier_value: string | null;
  /** The import's note: the plan's reason and instructions, or why a posology came in as text. */
  note: string | null;
  /** The stock as counted when it was set (units), when (epoch ms), and what one intake takes (issue 26 item 6). */
  stock: Generated<number | null>;
  stock_at: Generated<number | null>;
  per_intake: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface MedicineSchedulesTable {
  id: Generated<number>;
  medicine_id: number;
  dosage_time: string;
  created_at: number;
}

export interface MedicineIntakesTable {
  id: Generated<number>;
  medicine_id: number;
  taken_at: number;
  source: 'press' | 'manual';
  button_press_id: number | null;
  created_at: number;
}

/** An intake entered by hand (migration 2026_11_25_0310): as needed, or a scheduled dose confirmed. */
export interface ManualIntakesTable {
  id: Generated<number>;
  medicine_id: number;
  taken_at: number;
  amount: number | null;
  /** The scheduled dose it confirms (the dose's instant); null for an as-needed intake. */
  scheduled_at: number | null;
  /** The user who entered it (the patient, or an administrator in a session); null once deleted. */
  entered_by: number | null;
  entered_at: number;
}

export interface ReminderSettingsTable {
  profile_id: number;
  /** E-mail reminders and alerts: 1 on, 0 off. */
  email: number;
  /** Web Push reminders and alerts (to the user's subscribed browsers): 1 on, 0 off. */
  push: Generated<number>;
  /** Local 'HH:MM' quiet hours (may span midnight); both null: none. */
  quiet_from: string | null;
  quiet_to: string | null;
  missed_after_minutes: number;
  caregiver_delay_minutes: number;
  /** When a channel was switched on (nothing about earlier doses is sent); null: all off. */
  enabled_at: number | null;
  /** A refill reminder goes out when fewer days of a medicine's stock than this remain. */
  refill_days: Generated<number>;
  updated_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  profile_id: number;
  recipient_id: number;
  /** The domain's key (dose, kind, audience): unique with the profile and the recipient. */
  key: string;
  kind: string;
  audience: string;
  channel: string;
  scheduled_at: number;
  /** The dose's medicines, comma-separated ids. */
  medicine_ids: string;
  created_at: number;
  /** Until when the copy that wrote or took it sends it; after that, unsent, any copy may. */
  claimed_until: number;
  sent_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** A browser subscribed to Web Push (the push service's endpoint and the browser's keys, RFC 8291). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The browser's ECDH P-256 public key and its auth secret, base64url. */
  p256dh: string;
  auth: string;
  created_at: number;
}

/** The single-use token behind a push notification's buttons (I took it, Snooze), kept as its SHA-256. */
export interface DoseActionTokensTable {
  id: Generated<number>;
  token_hash: string;
  notification_id: number;
  profile_id: number;
  /** The recipient (the patient): the actor the action is recorded for. */
  user_id: number;
  scheduled_at: number;
  medicine_ids: string;
  /** Whether the notification offers 'Snooze' (a reminder): 1, else 0. */
  snooze: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_for: string | null;
}

export interface CaregiversTable {
  id: Generated<number>;
  /** The patient who invited them. */
  profile_id: number;
  /** The address the invitation went to. */
  email: string;
  /** SHA-256 (hex) of the single-use invitation token. */
  token_hash: string;
  invited_at: number;
  expires_at: number;
  /** When the invitation was taken, and by whom; null while open. */
  accepted_at: number | null;
  user_id: number | null;
  /** When the patient ended it; null while it holds. */
  revoked_at: number | null;
}

export interface ReminderSnoozesTable {
  profile_id: number;
  scheduled_at: number;
  until: number;
}

export interface UplinksTable {
  id: Generated<number>;
  /** The uplink's own identity (deduplication id, correlation id or DevEUI/session/fCnt). */
  identity: string;
  deveui: string;
  source: string;
  /** The network server's reception time, or ours when it dated the uplink in the future (below). */
  received_at: number;
  /**
   * Set when the network server dated the uplink more than a few minutes ahead of our clock: its
   * time, while received_at holds ours. Null when received_at is the network server's.
   */
  claimed_received_at: number | null;
  /** SHA-256 of DevEUI, session, frame counter and payload (32 bytes): one frame is stored once. Null before 2026-11-25. */
  frame_key: Buffer | null;
  f_port: number | null;
  f_cnt: number | null;
  payload: string | null;
  envelope: string;
  decode_status: 'decoded' | 'fallback' | 'undecodable' | 'ignored';
  decode_error: string | null;
  created_at: number;
}

export interface SensorReadingsTable {
  id: Generated<number>;
  sensor_id: number;
  uplink_id: number | null;
  measured_at: number;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
  motion: number | null;
}

export interface ButtonPressesTable {
  id: Generated<number>;
  sensor_id: number;
  uplink_id: number | null;
  pressed_at: number;
}

export interface HealthRecordsTable {
  id: Generated<number>;
  profile_id: number;
  /** AES-256-GCM: base64 of iv, auth tag and ciphertext of the JSON record. */
  ciphertext: string;
  iv: string;
  tag: string;
  key_version: number;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: string | null;
  ip: string | null;
}

export interface ImpersonationSessionsTable {
  id: Generated<number>;
  admin_user_id: number;
  profile_id: number;
  reason: string;
  started_at: number;
  expires_at: number;
  ended_at: number | null;
}

export interface ProfileImagesTable {
  user_id: number;
  /** Random, unguessable: the image's public URL is /api/profile-images/<token>. */
  token: string;
  content_type: string;
  bytes: Buffer;
  updated_at: number;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** A user's sign-in at an OpenID Connect provider: linked by (issuer, subject), never by e-mail. */
export interface OidcIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  issuer: string;
  subject: string;
  /** The e-mail address the provider gave at the last sign-in (for the record; never matched). */
  email: string | null;
  created_at: number;
  last_sign_in_at: number;
}

/** Single-use code (SHA-256 kept) that the web's success page exchanges for a token. */
export interface OidcSignInCodesTable {
  code_hash: string;
  user_id: number;
  expires_at: number;
  created_at: number;
}

export interface TwoFactorSecretsTable {
  user_id: number;
  /** AES-256-GCM of the base32 TOTP secret (HEALTH_DATA_KEY), bound to the user. */
  ciphertext: string;
  iv: string;
  tag: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: number | null;
  /** The last accepted time step: a code is never taken twice. */
  last_step: number | null;
  created_at: number;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

export interface MfaChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  method: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A session ended on its own (a logout) before its tokens expire; read on every signed-in call. */
export interface EndedSessionsTable {
  session_id: string;
  user_id: number;
  expires_at: number;
  ended_at: number;
}

/** A single-use "this was not me" link of a two-step sign-in notice: its token's SHA-256 only. */
export interface TwoFactorNoticesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  change: 'enabled' | 'disabled';
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A patient's data version (profile_id 0: the fleet's), bumped by triggers (migration 2026_11_26_0100). */
export interface DataVersionsTable {
  profile_id: number;
  version: number;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  sensors: SensorsTable;
  sensor_assignments: SensorAssignmentsTable;
  medicines: MedicinesTable;
  medicine_schedules: MedicineSchedulesTable;
  medicine_intakes: MedicineIntakesTable;
  manual_intakes: ManualIntakesTable;
  uplinks: UplinksTable;
  sensor_readings: SensorReadingsTable;
  button_presses: ButtonPressesTable;
  health_records: HealthRecordsTable;
  audit_log: AuditLogTable;
  impersonation_sessions: ImpersonationSessionsTable;
  profile_images: ProfileImagesTable;
  rate_limits: RateLimitsTable;
  two_factor_secrets: TwoFactorSecretsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_sign_in_codes: OidcSignInCodesTable;
  ended_sessions: EndedSessionsTable;
  two_factor_notices: TwoFactorNoticesTable;
  data_versions: DataVersionsTable;
  reminder_settings: ReminderSettingsTable;
  notifications: NotificationsTable;
  reminder_snoozes: ReminderSnoozesTable;
  caregivers: CaregiversTable;
  push_subscriptions: PushSubscriptionsTable;
  dose_action_tokens: DoseActionTokensTable;
}

/*
 * Row types come from the tables above, never written again by hand: what a select gives
 * (Selectable; Kysely's Insertable and Updateable give what an insert takes and an update sets,
 * named here once a query needs one). A query that reads a few columns types its answer as a Pick
 * of these.
 */
export type User = Selectable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type Medicine = Selectable<MedicinesTable>;
export type MedicineSchedule = Selectable<MedicineSchedulesTable>;
export type ManualIntake = Selectable<ManualIntakesTable>;
export type Sensor = Selectable<SensorsTable>;
export type SensorAssignment = Selectable<SensorAssignmentsTable>;
export type SensorReading = Selectable<SensorReadingsTable>;
export type ImpersonationSession = Selectable<ImpersonationSessionsTable>;
