import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import type { DoseActionTokensTable, NotificationsTable, ReminderSettingsTable } from '../../db/types';
import type { PushTarget } from '../../lib/web-push';

/** The reminder settings of a profile, or undefined when it never saved any. */
export function settingsOfProfile(db: Db, profileId: number) {
  return db
    .selectFrom('reminder_settings')
    .selectAll()
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export type SettingsRow = Required<Omit<Insertable<ReminderSettingsTable>, 'profile_id' | 'updated_at'>>;

export async function saveSettings(db: Db, profileId: number, row: SettingsRow, now: number): Promise<void> {
  await db
    .insertInto('reminder_settings')
    .values({ profile_id: profileId, ...row, updated_at: now })
    .onConflict((oc) => oc.column('profile_id').doUpdateSet({ ...row, updated_at: now }))
    .execute();
}

/** The distinct (time zone, dosage time) pairs of the profiles with a channel on (the tick's first look). */
export function dosageClocksOfEnabled(db: Db) {
  return db
    .selectFrom('reminder_settings')
    .innerJoin('profiles', 'profiles.id', 'reminder_settings.profile_id')
    .innerJoin('medicines', 'medicines.profile_id', 'profiles.id')
    .innerJoin('medicine_schedules', 'medicine_schedules.medicine_id', 'medicines.id')
    .select(['profiles.timezone', 'medicine_schedules.dosage_time'])
    .where('reminder_settings.enabled_at', 'is not', null)
    .distinct()
    .execute();
}

/**
 * The profiles with a channel on, with their patient's user, e-mail, language and zone: those with a
 * dosage time among `near` (clockKey pairs: the domain's `clocksNear`), a medicine that follows a
 * posology (its doses are not in medicine_schedules) or one that keeps a stock (refills).
 */
export function profilesToNotify(db: Db, near: readonly string[]) {
  return db
    .selectFrom('reminder_settings')
    .innerJoin('profiles', 'profiles.id', 'reminder_settings.profile_id')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select([
      'reminder_settings.profile_id',
      'reminder_settings.email',
      'reminder_settings.push',
      'reminder_settings.quiet_from',
      'reminder_settings.quiet_to',
      'reminder_settings.missed_after_minutes',
      'reminder_settings.caregiver_delay_minutes',
      'reminder_settings.enabled_at',
      'reminder_settings.refill_days',
      'profiles.user_id',
      'profiles.timezone',
      'profiles.language',
      'users.email as address',
      'users.blocked',
    ])
    .where('reminder_settings.enabled_at', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(near.length === 0
          ? []
          : [
              eb(
                'reminder_settings.profile_id',
                'in',
                eb
                  .selectFrom('medicines')
                  .innerJoin('medicine_schedules', 'medicine_schedules.medicine_id', 'medicines.id')
                  .innerJoin('profiles as near', 'near.id', 'medicines.profile_id')
                  .select('medicines.profile_id')
                  .where((w) =>
                    w(
                      sql<string>`${w.ref('near.timezone')} || '|' || ${w.ref('medicine_schedules.dosage_time')}`,
                      'in',
                      near,
                    ),
                  ),
              ),
            ]),
        eb(
          'reminder_settings.profile_id',
          'in',
          eb
            .selectFrom('medicines')
            .select('medicines.profile_id')
            .where((m) =>
              m.or([m('medicines.posology', 'is not', null), m('medicines.stock', 'is not', null)]),
            ),
        ),
      ]),
    )
    .orderBy('reminder_settings.profile_id')
    .execute();
}

/** The keys of the refill reminders recorded for a profile (one per medicine and stock setting). */
export async function refillKeysOfProfile(db: Db, profileId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('key')
    .where('profile_id', '=', profileId)
    .where('kind', '=', 'refill')
    .execute();
  return rows.map((r) => r.key);
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
    .leftJoin('reminder_settings as own_settings', 'own_settings.profile_id', 'own.id')
    .select([
      'notifications.id',
      'notifications.recipient_id',
      'own_settings.push as recipient_push',
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

export async function markSent(db: Db, id: number, now: number, channel: 'email' | 'push'): Promise<void> {
  await db.updateTable('notifications').set({ sent_at: now, channel }).where('id', '=', id).execute();
}

/**
 * Subscribes a browser of the user: its endpoint once (a browser that another user had subscribed
 * before on this device is now this user's).
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  target: PushTarget,
  now: number,
): Promise<void> {
  const values = { user_id: userId, p256dh: target.p256dh, auth: target.auth };
  await db
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: target.endpoint, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, created_at: now }))
    .execute();
}

/** Removes a browser of the user's; whether there was one. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** A subscription its push service no longer knows (404/410). */
export async function dropEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

export function subscriptionsOf(db: Db, userId: number): Promise<PushTarget[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
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
          push: settings.push === 1,
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

export type NewActionToken = Omit<Insertable<DoseActionTokensTable>, 'id' | 'used_at' | 'used_for'>;

/** The token behind a notification's buttons (one per notification). */
export async function saveActionToken(db: Db, row: NewActionToken): Promise<void> {
  await db
    .insertInto('dose_action_tokens')
    .values(row)
    .onConflict((oc) =>
      oc.column('notification_id').doUpdateSet({ token_hash: row.token_hash, expires_at: row.expires_at }),
    )
    .execute();
}

/** A token by its hash, while it is unused and valid. */
export function validActionToken(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('dose_action_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a token once: whether this call did (another one may have, at the same moment). */
export async function useActionToken(db: Db, id: number, usedFor: string, now: number): Promise<boolean> {
  const rows = await db
    .updateTable('dose_action_tokens')
    .set({ used_at: now, used_for: usedFor })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return rows.length === 1;
}
