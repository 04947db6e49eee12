import {
  DEFAULT_REMINDER_SETTINGS,
  type Language,
  MAX_ADHERENCE_DAYS,
  type NotificationsResponse,
  REMINDER_MESSAGES,
  type ReminderSettingsBody,
} from '@dosedot/domain';
import { chartDayOf, type IntakeStatus } from '@dosedot/domain/adherence';
import {
  dueNotifications,
  localClock,
  NOTIFY_WITHIN_MS,
  type NotificationKind,
  usualInterval,
} from '@dosedot/domain/reminders';
import { addDays } from '@dosedot/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { fieldError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { createAdherenceService } from '../adherence';
import { activeCaregiversOf } from '../caregivers';
import { medicineNames } from '../medicines';
import { profileTimezone } from '../profiles';
import { boxHealthOfProfile } from '../sensors';
import { caregiverEmail, notificationEmail } from './emails';
import {
  addSnooze,
  claimStale,
  countNotificationsOfProfile,
  markFailed,
  markSent,
  notificationById,
  notificationsOfProfile,
  profilesToNotify,
  pruneSnoozes,
  recordNotification,
  saveSettings,
  settingsOfProfile,
  snoozesOfProfile,
} from './queries';

/** How long the copy that records a notification has to send it before another copy may. */
export const CLAIM_MS = 2 * 60_000;
/** A notification that failed this often is given up (its error stays on its row). */
export const MAX_ATTEMPTS = 5;
/** Unsent notifications taken over per tick. */
const STALE_PER_TICK = 100;

export interface ReminderServiceOptions {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Reminders and missed-dose alerts (issue 26, decision 0015): the patient's settings and snoozes,
 * and the scheduler's tick, which computes from the database what is due and records each
 * notification under its key before it sends it.
 */
export function createReminderService({ db, mailer, appUrl, log }: ReminderServiceOptions) {
  const adherence = createAdherenceService(db);

  /** Sends one recorded notification by e-mail and marks it sent (or failed, to be tried again). */
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
    const mail =
      n.audience === 'caregivers' && n.kind !== 'reminder'
        ? caregiverEmail(language, n.kind as Exclude<NotificationKind, 'reminder'>, {
            ...text,
            patient: `${n.givenname} ${n.familyname}`.trim(),
            link: `${appUrl}/`,
          })
        : notificationEmail(language, n.kind as NotificationKind, text);
    try {
      await mailer.send({ to: n.address, ...mail });
      await markSent(db, id, Date.now());
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
        quietFrom: row.quiet_from,
        quietTo: row.quiet_to,
        missedAfterMinutes: row.missed_after_minutes,
        caregiverDelayMinutes: row.caregiver_delay_minutes,
      };
    },

    /** Saves the settings; switching a channel on starts from now (nothing about earlier doses). */
    async saveSettings(trx: Db, profileId: number, s: ReminderSettingsBody, now = Date.now()): Promise<void> {
      const before = await settingsOfProfile(trx, profileId);
      const enabledAt = !s.email ? null : (before?.enabled_at ?? now);
      await saveSettings(
        trx,
        profileId,
        {
          email: s.email ? 1 : 0,
          quiet_from: s.quietFrom,
          quiet_to: s.quietTo,
          missed_after_minutes: s.missedAfterMinutes,
          caregiver_delay_minutes: s.caregiverDelayMinutes,
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

    async notifications(profileId: number, page: number, pageSize: number, now = Date.now()) {
      const [rows, total] = await Promise.all([
        notificationsOfProfile(db, profileId, (page - 1) * pageSize, pageSize),
        countNotificationsOfProfile(db, profileId),
      ]);
      // The doses' statuses now (an alert whose press came late shows as taken), for the page's
      // chart days within the longest range the engine takes.
      let statuses: { scheduledAt: number; status: IntakeStatus }[] = [];
      if (rows.length > 0) {
        const timezone = await profileTimezone(db, profileId);
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
      for (const p of await profilesToNotify(db)) {
        if (p.blocked === 1 || p.email !== 1 || p.enabled_at === null) continue;
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
                  channel: 'email',
                  scheduled_at: d.scheduledAt,
                  medicine_ids: d.medicineIds.join(','),
                },
                now,
                now + CLAIM_MS,
              );
              if (id !== undefined && (await deliver(id, now))) sent++;
            }
          }
        } catch (err) {
          log.error({ err, profile: p.profile_id }, 'could not work out the reminders of a profile');
        }
      }
      for (const id of await claimStale(db, now, now + CLAIM_MS, MAX_ATTEMPTS, STALE_PER_TICK))
        if (await deliver(id, now)) sent++;
      await pruneSnoozes(db, now - NOTIFY_WITHIN_MS);
      return sent;
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
