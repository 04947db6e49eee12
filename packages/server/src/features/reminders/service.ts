import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  DEFAULT_REMINDER_SETTINGS,
  DOSE_ACTION_MESSAGES,
  type DoseActionRequest,
  type Language,
  MAX_ADHERENCE_DAYS,
  type NotificationsResponse,
  REMINDER_MESSAGES,
  type ReminderSettingsBody,
  type ReminderSettingsInput,
} from '@dosedot/domain';
import { chartDayOf, type IntakeStatus } from '@dosedot/domain/adherence';
import {
  clocksNear,
  dueNotifications,
  localClock,
  NOTIFY_WITHIN_MS,
  type NotificationKind,
  REFILL_DAYS,
  refillDue,
  refillKey,
  usualInterval,
} from '@dosedot/domain/reminders';
import { addDays } from '@dosedot/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { fieldError, forbidden } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { PushSender, PushTarget } from '../../lib/web-push';
import { createAdherenceService } from '../adherence';
import { audit } from '../audit';
import { activeCaregiversOf } from '../caregivers';
import { createIntakeService, medicineNames, medicinesWithStock } from '../medicines';
import { profileClock } from '../profiles';
import { createRefillService } from '../refills';
import { boxHealthOfProfile } from '../sensors';
import { buttonTexts, caregiverEmail, notificationEmail, pushText } from './emails';
import {
  addSnooze,
  claimStale,
  countNotificationsOfProfile,
  dosageClocksOfEnabled,
  dropEndpoint,
  markFailed,
  markSent,
  notificationById,
  notificationsOfProfile,
  profilesToNotify,
  pruneSnoozes,
  recordNotification,
  refillKeysOfProfile,
  removeSubscription,
  saveActionToken,
  saveSettings,
  saveSubscription,
  settingsOfProfile,
  snoozesOfProfile,
  subscriptionsOf,
  useActionToken,
  validActionToken,
} from './queries';

/** How long the copy that records a notification has to send it before another copy may. */
export const CLAIM_MS = 2 * 60_000;
/** A notification that failed this often is given up (its error stays on its row). */
export const MAX_ATTEMPTS = 5;
/** Unsent notifications taken over per tick. */
const STALE_PER_TICK = 100;
/** How long a push service keeps a message for a browser that is off (a reminder is stale after that). */
const PUSH_TTL_SECONDS = 3600;
/** How long a notification's buttons work: as long as a press could still take the dose. */
export const ACTION_TOKEN_MS = 4 * 3_600_000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ReminderServiceOptions {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  /** Web Push; without it every notification goes by e-mail. */
  push?: PushSender;
}

/**
 * Reminders and missed-dose alerts (issue 26, decision 0015): the patient's settings and snoozes,
 * and the scheduler's tick, which computes from the database what is due and records each
 * notification under its key before it sends it.
 */
export function createReminderService({ db, mailer, appUrl, log, push }: ReminderServiceOptions) {
  const adherence = createAdherenceService(db);
  const refills = createRefillService(db);

  /**
   * Refill reminders (issue 26 item 6): to the patient, once per medicine and stock setting (its
   * key), when fewer than their refill days of the stock remain. The stock is worked out only while
   * a stocked medicine has not been told of yet.
   */
  async function refillReminders(
    p: { profile_id: number; user_id: number; refill_days: number; push: number },
    now: number,
  ): Promise<number> {
    const stocked = await medicinesWithStock(db, p.profile_id);
    if (stocked.length === 0) return 0;
    const told = new Set(await refillKeysOfProfile(db, p.profile_id));
    if (stocked.every((m) => told.has(refillKey(m.id, m.stock_at)))) return 0;
    let sent = 0;
    for (const s of await refills.stockOf(p.profile_id, now)) {
      const key = refillKey(s.medicineId, Date.parse(s.stockAt));
      if (told.has(key) || !refillDue(s.daysLeft, p.refill_days)) continue;
      const id = await recordNotification(
        db,
        {
          profile_id: p.profile_id,
          recipient_id: p.user_id,
          key,
          kind: 'refill',
          audience: 'patient',
          channel: p.push === 1 && push ? 'push' : 'email',
          scheduled_at: now,
          medicine_ids: String(s.medicineId),
        },
        now,
        now + CLAIM_MS,
      );
      if (id !== undefined && (await deliver(id, now))) sent++;
    }
    return sent;
  }

  type Recorded = NonNullable<Awaited<ReturnType<typeof notificationById>>>;

  /**
   * Sends a notification to every browser the recipient subscribed: whether one took it. A browser
   * whose push service no longer knows it (404/410) is removed; another failure is logged, and
   * e-mail stands in when no browser took the message.
   */
  async function byPush(sender: PushSender, n: Recorded, message: object): Promise<boolean> {
    const payload = JSON.stringify(message);
    let taken = false;
    for (const target of await subscriptionsOf(db, n.recipient_id)) {
      try {
        if ((await sender.send(target, payload, PUSH_TTL_SECONDS)) === 'gone')
          await dropEndpoint(db, target.endpoint);
        else taken = true;
      } catch (err) {
        log.warn({ err, notification: n.id }, 'a push service refused a notification');
      }
    }
    return taken;
  }

  /**
   * A single-use token for the buttons of the patient's notification ('I took it', and 'Snooze' on
   * a reminder): random, kept as its SHA-256, valid ACTION_TOKEN_MS. The buttons' texts are the
   * service worker's (in the notification's language).
   */
  async function issueActionToken(n: Recorded, language: Language, now: number) {
    const token = randomBytes(32).toString('base64url');
    const snooze = n.kind === 'reminder';
    await saveActionToken(db, {
      token_hash: sha256(token),
      notification_id: n.id,
      profile_id: n.profile_id,
      user_id: n.recipient_id,
      scheduled_at: Number(n.scheduled_at),
      medicine_ids: n.medicine_ids,
      snooze: snooze ? 1 : 0,
      created_at: now,
      expires_at: now + ACTION_TOKEN_MS,
    });
    const snoozes = snooze ? [10, 30] : [];
    return { token, snooze: snoozes, labels: buttonTexts(language, snoozes) };
  }

  /**
   * Sends one recorded notification, by push where the recipient switched it on and a browser takes
   * it, else by e-mail, and marks it sent (or failed, to be tried again).
   */
  async function deliver(id: number, now: number): Promise<boolean> {
    const n = await notificationById(db, id);
    if (!n) return false;
    const ids = n.medicine_ids.split(',').map(Number);
    const names = (await medicineNames(db, n.profile_id, ids)).map((m) => m.name);
    const text = {
      time: localClock(Number(n.scheduled_at), n.timezone),
      medicines: names,
      link: `${appUrl}/my-medicine`,
    };
    const language = n.language as Language;
    const kind = n.kind as NotificationKind;
    const aboutOther = n.audience === 'caregivers' && kind !== 'reminder' && kind !== 'refill';
    const patient = `${n.givenname} ${n.familyname}`.trim();
    const mail = aboutOther
      ? caregiverEmail(language, kind, { ...text, patient, link: `${appUrl}/` })
      : notificationEmail(language, kind, text);
    try {
      if (push && n.recipient_push === 1) {
        const message = {
          ...pushText(language, kind, aboutOther ? { ...text, patient } : text),
          // The patient's own notification carries its buttons' token (decision 0015).
          ...(aboutOther ? {} : { actions: await issueActionToken(n, language, now) }),
          lang: language,
          tag: `dose-${n.scheduled_at}-${n.audience}`,
          kind,
          audience: n.audience,
          scheduledAt: new Date(Number(n.scheduled_at)).toISOString(),
          medicineIds: ids,
          url: aboutOther ? '/' : '/my-medicine',
        };
        if (await byPush(push, n, message)) {
          await markSent(db, id, Date.now(), 'push');
          return true;
        }
      }
      await mailer.send({ to: n.address, ...mail });
      await markSent(db, id, Date.now(), 'email');
      return true;
    } catch (err) {
      log.warn({ err, notification: id }, 'could not send a notification; it is tried again');
      await markFailed(db, id, err instanceof Error ? err.message : String(err), now + CLAIM_MS);
      return false;
    }
  }

  return {
    async settings(profileId: number): Promise<ReminderSettingsBody> {
      const row = await settingsOfProfile(db, profileId);
      if (!row) return DEFAULT_REMINDER_SETTINGS;
      return {
        email: row.email === 1,
        push: row.push === 1,
        quietFrom: row.quiet_from,
        quietTo: row.quiet_to,
        missedAfterMinutes: row.missed_after_minutes,
        caregiverDelayMinutes: row.caregiver_delay_minutes,
        refillDays: row.refill_days,
      };
    },

    /**
     * Saves the settings (push as it was when left out); switching a channel on starts from now
     * (nothing about earlier doses).
     */
    async saveSettings(
      trx: Db,
      profileId: number,
      s: ReminderSettingsInput,
      now = Date.now(),
    ): Promise<void> {
      // Saves from two devices take turns: a save that leaves push out keeps what the other set.
      await holdRow(trx, 'profiles', profileId);
      const before = await settingsOfProfile(trx, profileId);
      const pushOn = s.push ?? before?.push === 1;
      const enabledAt = !s.email && !pushOn ? null : (before?.enabled_at ?? now);
      await saveSettings(
        trx,
        profileId,
        {
          email: s.email ? 1 : 0,
          push: pushOn ? 1 : 0,
          quiet_from: s.quietFrom,
          quiet_to: s.quietTo,
          missed_after_minutes: s.missedAfterMinutes,
          caregiver_delay_minutes: s.caregiverDelayMinutes,
          refill_days: s.refillDays ?? before?.refill_days ?? REFILL_DAYS,
          enabled_at: enabledAt === null ? null : Number(enabledAt),
        },
        now,
      );
    },

    /**
     * Remind again of the dose at `scheduledAt` in `minutes`: only a pending dose of the patient's,
     * from the last hours. The snooze and `record` (the door's access-log row) commit together.
     */
    async snooze(
      profileId: number,
      scheduledAt: number,
      minutes: number,
      record: (trx: Db) => Promise<void>,
      now = Date.now(),
    ): Promise<number> {
      if (now - scheduledAt > NOTIFY_WITHIN_MS || scheduledAt > now)
        throw fieldError('scheduled_at', REMINDER_MESSAGES.notADose);
      const { result } = await adherence.compute(profileId, {}, now);
      const dose = result.days
        .flatMap((d) => d.intakes)
        .find((i) => i.scheduledAt === scheduledAt && (i.status === 'pending' || i.status === 'missed'));
      if (!dose) throw fieldError('scheduled_at', REMINDER_MESSAGES.notADose);
      const until = now + minutes * 60_000;
      await inTransaction(db, async (trx) => {
        await addSnooze(trx, profileId, scheduledAt, until);
        await record(trx);
      });
      return until;
    },

    /**
     * A button of a push notification (issue 26 item 3), without a session: the token names the
     * dose and the patient. 'taken' confirms the dose by hand (decision 0011, the same rules: each of
     * its medicines not yet confirmed); 'snooze' is the snooze of the profile page. The token is used
     * in the same transaction as the action, once, and the action is written to the audit log as the
     * patient's own (push.taken, push.snooze).
     */
    async act(
      input: DoseActionRequest['data'],
      ip: string,
      now = Date.now(),
    ): Promise<{ action: 'taken' | 'snooze'; scheduledAt: string; until?: string }> {
      const row = await validActionToken(db, sha256(input.token), now);
      if (!row) throw forbidden(DOSE_ACTION_MESSAGES.used);
      if (input.action === 'snooze' && row.snooze !== 1)
        throw fieldError('action', DOSE_ACTION_MESSAGES.noSnooze);
      const scheduledAt = Number(row.scheduled_at);
      const medicines = row.medicine_ids.split(',').map(Number);
      const record = async (trx: Db) => {
        if (!(await useActionToken(trx, row.id, input.action, now)))
          throw forbidden(DOSE_ACTION_MESSAGES.used);
        await audit(trx, {
          actorUserId: row.user_id,
          action: `push.${input.action}`,
          targetType: 'profile',
          targetId: row.profile_id,
          details: { scheduled_at: new Date(scheduledAt).toISOString(), medicines },
          ip,
        });
      };
      const result = { action: input.action, scheduledAt: new Date(scheduledAt).toISOString() };
      if (input.action === 'snooze') {
        const until = await this.snooze(row.profile_id, scheduledAt, input.minutes ?? 10, record, now);
        return { ...result, until: new Date(until).toISOString() };
      }
      const { timezone, segmentTimes } = await profileClock(db, row.profile_id);
      await inTransaction(db, async (trx) => {
        await record(trx);
        const intakes = createIntakeService(trx);
        const author = {
          profileId: row.profile_id,
          userId: row.user_id,
          timezone,
          segmentTimes,
          actorId: row.user_id,
          record: async () => {},
        };
        for (const medicine of medicines) {
          try {
            await intakes.add(author, { medicine, scheduled_at: new Date(scheduledAt).toISOString() }, now);
          } catch (err) {
            // Confirmed already (on the page, or from another device's notification): nothing to add.
            if (!/already confirmed/.test((err as Error).message)) throw err;
          }
        }
      });
      return result;
    },

    /** Subscribes a browser of the user (the caller commits it with the access-log row). */
    subscribe: (trx: Db, userId: number, target: PushTarget, now = Date.now()) =>
      saveSubscription(trx, userId, target, now),

    /** Removes a browser of the user's: whether it was theirs. */
    unsubscribe: (trx: Db, userId: number, endpoint: string) => removeSubscription(trx, userId, endpoint),

    async notifications(profileId: number, page: number, pageSize: number, now = Date.now()) {
      const [rows, total] = await Promise.all([
        notificationsOfProfile(db, profileId, (page - 1) * pageSize, pageSize),
        countNotificationsOfProfile(db, profileId),
      ]);
      // The doses' statuses now (an alert whose press came late shows as taken), for the page's
      // chart days within the longest range the engine takes.
      let statuses: { scheduledAt: number; status: IntakeStatus }[] = [];
      if (rows.length > 0) {
        const { timezone } = await profileClock(db, profileId);
        const to = chartDayOf(now, timezone);
        const first = chartDayOf(Math.min(...rows.map((r) => Number(r.scheduled_at))), timezone);
        const oldest = first < to ? first : to;
        const earliest = addDays(to, -(MAX_ADHERENCE_DAYS - 1));
        const { result } = await adherence.compute(
          profileId,
          { from: oldest > earliest ? oldest : earliest, to },
          now,
        );
        statuses = result.days.flatMap((d) => d.intakes);
      }
      const statusAt = new Map(statuses.map((i) => [i.scheduledAt, i.status]));
      const data: NotificationsResponse['data'] = rows.map((r) => ({
        id: r.id,
        kind: r.kind as NotificationKind,
        channel: r.channel,
        scheduledAt: new Date(Number(r.scheduled_at)).toISOString(),
        medicineIds: r.medicine_ids.split(',').map(Number),
        sentAt: r.sent_at === null ? null : new Date(Number(r.sent_at)).toISOString(),
        doseStatus: statusAt.get(Number(r.scheduled_at)) ?? null,
      }));
      return {
        data,
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },

    /**
     * One tick of the scheduler: for every profile with a channel on, the notifications due now
     * (the domain's `dueNotifications` over yesterday's and today's chart days), each recorded under
     * its key and sent when the record is new; then the unsent ones whose claim ran out. Returns how
     * many were sent.
     */
    async tick(now = Date.now()): Promise<number> {
      let sent = 0;
      // Only the patients with a dose in the last hours (or one that follows a posology, or a stock).
      const near = clocksNear(await dosageClocksOfEnabled(db), now);
      for (const p of await profilesToNotify(db, near)) {
        if (p.blocked === 1 || (p.email !== 1 && p.push !== 1) || p.enabled_at === null) continue;
        try {
          const today = chartDayOf(now, p.timezone);
          const { result } = await adherence.compute(
            p.profile_id,
            { from: addDays(today, -1), to: today },
            now,
          );
          const box = await boxHealthOfProfile(db, p.profile_id);
          const health = box && {
            lastUplinkAt: box.lastUplinkAt,
            battery: box.battery,
            intervalMs: usualInterval(box.recent),
          };
          const snoozes = (await snoozesOfProfile(db, p.profile_id, now - NOTIFY_WITHIN_MS)).map((s) => ({
            scheduledAt: Number(s.scheduled_at),
            until: Number(s.until),
          }));
          const due = dueNotifications(
            result.days.flatMap((d) => d.intakes),
            health,
            {
              enabledAt: Number(p.enabled_at),
              timezone: p.timezone,
              quietFrom: p.quiet_from,
              quietTo: p.quiet_to,
              missedAfterMinutes: p.missed_after_minutes,
              caregiverDelayMinutes: p.caregiver_delay_minutes,
            },
            snoozes,
            now,
          );
          const caregivers = due.some((d) => d.audience === 'caregivers')
            ? await activeCaregiversOf(db, p.profile_id)
            : [];
          for (const d of due) {
            const recipients = d.audience === 'patient' ? [p.user_id] : caregivers.map((c) => c.user_id);
            for (const recipient of recipients) {
              const id = await recordNotification(
                db,
                {
                  profile_id: p.profile_id,
                  recipient_id: recipient,
                  key: d.key,
                  kind: d.kind,
                  audience: d.audience,
                  channel: p.push === 1 && push ? 'push' : 'email',
                  scheduled_at: d.scheduledAt,
                  medicine_ids: d.medicineIds.join(','),
                },
                now,
                now + CLAIM_MS,
              );
              if (id !== undefined && (await deliver(id, now))) sent++;
            }
          }
          sent += await refillReminders(p, now);
        } catch (err) {
          log.error({ err, profile: p.profile_id }, 'could not work out the reminders of a profile');
        }
        // The requests waiting meanwhile go first: on SQLite every statement of a patient's work
        // runs without giving the event loop a turn, and a tick over a few patients held every
        // request for about 10 ms every 30 s (the p99 of /api/users/me at 50 connections, issue
        // 25 item 1); at a busy moment, with many doses due, it would hold them for seconds.
        await nextTurn();
      }
      for (const id of await claimStale(db, now, now + CLAIM_MS, MAX_ATTEMPTS, STALE_PER_TICK))
        if (await deliver(id, now)) sent++;
      await pruneSnoozes(db, now - NOTIFY_WITHIN_MS);
      return sent;
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
