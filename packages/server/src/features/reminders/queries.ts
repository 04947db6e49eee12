import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { NotificationsTable, ReminderSettingsTable } from '../../db/types';

/** The reminder settings of a profile, or undefined when it never saved any. */
export function settingsOfProfile(db: Db, profileId: number) {
  return db
    .selectFrom('reminder_settings')
    .selectAll()
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export type SettingsRow = Omit<ReminderSettingsTable, 'profile_id' | 'updated_at'>;

export async function saveSettings(db: Db, profileId: number, row: SettingsRow, now: number): Promise<void> {
  await db
    .insertInto('reminder_settings')
    .values({ profile_id: profileId, ...row, updated_at: now })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...row, updated_at: now }))
    .execute();
}

/** The profiles with a channel on, with their patient's user, e-mail, language and zone. */
export function profilesToNotify(db: Db) {
  return db
    .selectFrom('reminder_settings')
    .innerJoin('profiles', 'profiles.id', 'reminder_settings.profile_id')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select([
      'reminder_settings.profile_id',
      'reminder_settings.email',
      'reminder_settings.quiet_from',
      'reminder_settings.quiet_to',
      'reminder_settings.missed_after_minutes',
      'reminder_settings.caregiver_delay_minutes',
      'reminder_settings.enabled_at',
      'profiles.user_id',
      'profiles.timezone',
      'profiles.language',
      'users.email as address',
      'users.blocked',
    ])
    .where('reminder_settings.enabled_at', 'is not', null)
    .orderBy('reminder_settings.profile_id')
    .execute();
}

export function snoozesOfProfile(db: Db, profileId: number, since: number) {
  return db
    .selectFrom('reminder_snoozes')
    .select(['scheduled_at', 'until'])
    .where('profile_id', '=', profileId)
    .where('scheduled_at', '>=', since)
    .execute();
}

export async function addSnooze(
  db: Db,
  profileId: number,
  scheduledAt: number,
  until: number,
): Promise<void> {
  await db
    .insertInto('reminder_snoozes')
    .values({ profile_id: profileId, scheduled_at: scheduledAt, until })
    .execute();
}

/** Snoozes of doses older than `before` serve nothing any more. */
export async function pruneSnoozes(db: Db, before: number): Promise<void> {
  await db.deleteFrom('reminder_snoozes').where('scheduled_at', '<', before).execute();
}

export type NewNotification = Omit<
  Insertable<NotificationsTable>,
  'id' | 'created_at' | 'claimed_until' | 'sent_at' | 'attempts' | 'last_error'
>;

/**
 * Records a notification under its key, claimed by this copy until `claimedUntil`: its id, or
 * undefined when the key was recorded already (by this copy earlier, or by another one).
 */
export async function recordNotification(
  db: Db,
  n: NewNotification,
  now: number,
  claimedUntil: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('notifications')
    .values({ ...n, created_at: now, claimed_until: claimedUntil })
    .onConflict((oc) => oc.columns(['profile_id', 'recipient_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes over the unsent notifications whose claim ran out (a copy that recorded them stopped before
 * it sent them), at most `limit`, in one statement: a row another copy took meanwhile no longer
 * matches its condition, so each is taken by one copy only.
 */
export async function claimStale(
  db: Db,
  now: number,
  claimedUntil: number,
  maxAttempts: number,
  limit: number,
) {
  const stale = (eb: Db) =>
    eb
      .selectFrom('notifications')
      .select('id')
      .where('sent_at', 'is', null)
      .where('claimed_until', '<', now)
      .where('attempts', '<', maxAttempts)
      .orderBy('id')
      .limit(limit);
  const rows = await db
    .updateTable('notifications')
    .set({ claimed_until: claimedUntil })
    .where('id', 'in', stale(db))
    .where('sent_at', 'is', null)
    .where('claimed_until', '<', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A recorded notification with what its e-mail needs: the patient, the recipient's address and language. */
export function notificationById(db: Db, id: number) {
  return db
    .selectFrom('notifications')
    .innerJoin('profiles as patient', 'patient.id', 'notifications.profile_id')
    .innerJoin('users as recipient', 'recipient.id', 'notifications.recipient_id')
    .innerJoin('profiles as own', 'own.user_id', 'recipient.id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.audience',
      'notifications.scheduled_at',
      'notifications.medicine_ids',
      'notifications.profile_id',
      'patient.timezone',
      'patient.givenname',
      'patient.familyname',
      'own.language',
      'recipient.email as address',
    ])
    .where('notifications.id', '=', id)
    .executeTakeFirst();
}

export async function markSent(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('notifications').set({ sent_at: now }).where('id', '=', id).execute();
}

export async function markFailed(db: Db, id: number, error: string, retryAt: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 300),
      claimed_until: retryAt,
    }))
    .where('id', '=', id)
    .execute();
}

export function notificationsOfProfile(db: Db, profileId: number, offset: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'channel', 'scheduled_at', 'medicine_ids', 'sent_at'])
    .where('profile_id', '=', profileId)
    .where('audience', '=', 'patient')
    .orderBy('scheduled_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countNotificationsOfProfile(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile_id', '=', profileId)
    .where('audience', '=', 'patient')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Everything of the reminders a profile has, for the patient's own data export. */
export async function remindersOfProfile(db: Db, profileId: number) {
  const [settings, notifications] = await Promise.all([
    settingsOfProfile(db, profileId),
    db
      .selectFrom('notifications')
      .select(['kind', 'audience', 'channel', 'scheduled_at', 'medicine_ids', 'created_at', 'sent_at'])
      .where('profile_id', '=', profileId)
      .orderBy('scheduled_at')
      .orderBy('id')
      .execute(),
  ]);
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    settings: settings
      ? {
          email: settings.email === 1,
          quietFrom: settings.quiet_from,
          quietTo: settings.quiet_to,
          missedAfterMinutes: settings.missed_after_minutes,
          caregiverDelayMinutes: settings.caregiver_delay_minutes,
          enabledAt: iso(settings.enabled_at),
        }
      : null,
    notifications: notifications.map((n) => ({
      kind: n.kind,
      audience: n.audience,
      channel: n.channel,
      scheduledAt: iso(n.scheduled_at),
      medicineIds: n.medicine_ids.split(',').map(Number),
      recordedAt: iso(n.created_at),
      sentAt: iso(n.sent_at),
    })),
  };
}
