import type { IntakeStatus, MedicineId } from '../adherence/types';
import { DAY_MS } from '../time/dates';
import { instantToWall } from '../time/local';
import { msOfDay, parseWallTime } from '../time/wall-time';

/*
 * What to tell whom about a patient's doses, at a moment (issue 26 items 2 and 4), as a pure
 * function of the day's intakes, the box's health and the patient's settings. The server's
 * scheduler calls it on every tick and records each answer under its key before it sends it, so a
 * notification goes out once however often it is asked (decision 0015).
 *
 * - A **reminder** at the dosage time, while the dose is pending (no press matched, not confirmed
 *   by hand), and again when a snooze ends. Not during quiet hours: a dose due then is reminded
 *   when they end, if it is still pending and not yet missed.
 * - After `missedAfterMinutes` without a press or a confirmation the patient is **alerted**; after
 *   `caregiverDelayMinutes` more, their caregivers are. The alert says what DoseDot knows: when the
 *   box has not reported for longer than twice its usual interval (one lost uplink is ordinary on
 *   LoRaWAN) the box is **offline**; when its battery is empty it **needs a battery**; only
 *   otherwise was the dose **missed**.
 * - Nothing about doses older than NOTIFY_WITHIN_MS (a server that was down for a day does not send
 *   yesterday's reminders), nor about doses before the settings were switched on, nor 'not tracked'.
 */

export const MISSED_AFTER_MINUTES = 60;
export const CAREGIVER_DELAY_MINUTES = 60;
export const SNOOZE_MINUTES = [10, 30] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];
/** Doses older than this are never notified. */
export const NOTIFY_WITHIN_MS = 6 * 3_600_000;
/** The box's reporting interval when too few uplinks tell its own (the DoseDot box's 15 minutes). */
export const USUAL_INTERVAL_MS = 15 * 60_000;
/** A box silent for longer than this many of its usual intervals is offline. */
export const OFFLINE_AFTER_INTERVALS = 2;
/** A battery at or below this is empty. */
export const BATTERY_EMPTY_PERCENT = 5;

const MINUTE = 60_000;

/** 'refill': a medicine's stock runs low (refill.ts), told to the patient only. */
export type NotificationKind = 'reminder' | 'missed' | 'box_offline' | 'box_battery' | 'refill';
export type Audience = 'patient' | 'caregivers';

/** One intake of the day as the adherence engine gives it. */
export interface DueIntake {
  scheduledAt: number;
  medicineIds: readonly MedicineId[];
  status: IntakeStatus;
}

export interface BoxHealth {
  /** When the box was last heard; null: never (or no box). */
  lastUplinkAt: number | null;
  /** Its last battery percent; null: unknown. */
  battery: number | null;
  /** Its usual time between uplinks (usualInterval below). */
  intervalMs: number;
}

export interface ReminderSettings {
  /** When notifications were switched on: nothing about doses before it. */
  enabledAt: number;
  /** The patient's IANA zone (quiet hours are local). */
  timezone: string;
  /** Local 'HH:MM' from and to; equal or null: none. May span midnight (22:00–07:00). */
  quietFrom: string | null;
  quietTo: string | null;
  missedAfterMinutes: number;
  caregiverDelayMinutes: number;
}

/** A snooze of one intake: remind again at `until`. */
export interface Snooze {
  scheduledAt: number;
  until: number;
}

export interface DueNotification {
  kind: NotificationKind;
  audience: Audience;
  scheduledAt: number;
  medicineIds: readonly MedicineId[];
  /**
   * Unique per dose, kind and audience (and per snooze for a reminder): the scheduler's record key.
   * A dose gets one reminder, one more per snooze, and one alert per audience.
   */
  key: string;
}

/** Whether local time of `instant` is within the quiet hours [from, to), which may span midnight. */
export function inQuietHours(
  instant: number,
  settings: Pick<ReminderSettings, 'timezone' | 'quietFrom' | 'quietTo'>,
) {
  const from = settings.quietFrom ? parseWallTime(settings.quietFrom) : null;
  const to = settings.quietTo ? parseWallTime(settings.quietTo) : null;
  if (!from || !to) return false;
  const [a, b] = [msOfDay(from), msOfDay(to)];
  if (a === b) return false;
  const t = ((instantToWall(instant, settings.timezone) % DAY_MS) + DAY_MS) % DAY_MS;
  return a < b ? t >= a && t < b : t >= a || t < b;
}

/**
 * What the box's state says about a dose without a press at `now`: null when the box is well, or
 * when the patient has no box (`health` null: their doses are confirmed by hand).
 */
export function boxTrouble(health: BoxHealth | null, now: number): 'box_offline' | 'box_battery' | null {
  if (!health) return null;
  if (health.lastUplinkAt === null || now - health.lastUplinkAt > OFFLINE_AFTER_INTERVALS * health.intervalMs)
    return 'box_offline';
  if (health.battery !== null && health.battery <= BATTERY_EMPTY_PERCENT) return 'box_battery';
  return null;
}

/**
 * The box's usual interval from the times of its latest uplinks (any order): the median gap, or
 * USUAL_INTERVAL_MS when fewer than three tell it.
 */
export function usualInterval(uplinkTimes: readonly number[]): number {
  const times = [...uplinkTimes].sort((a, b) => a - b);
  const gaps = times
    .slice(1)
    .map((t, i) => t - (times[i] as number))
    .filter((g) => g > 0);
  if (gaps.length < 2) return USUAL_INTERVAL_MS;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] as number;
}

const open = (status: IntakeStatus) => status === 'pending' || status === 'missed';

/**
 * The notifications due at `now` for the given intakes (a patient's chart days around now). The
 * caller sends each one whose key it has not recorded yet.
 */
export function dueNotifications(
  intakes: readonly DueIntake[],
  health: BoxHealth | null,
  settings: ReminderSettings,
  snoozes: readonly Snooze[],
  now: number,
): DueNotification[] {
  const due: DueNotification[] = [];
  const trouble = boxTrouble(health, now);
  for (const intake of intakes) {
    const at = intake.scheduledAt;
    if (!open(intake.status) || at > now || at < settings.enabledAt || now - at > NOTIFY_WITHIN_MS) continue;
    const missedAt = at + settings.missedAfterMinutes * MINUTE;
    const base = { scheduledAt: at, medicineIds: intake.medicineIds };
    const key = (what: string) => `${at}:${intake.medicineIds.join(',')}:${what}`;
    if (now < missedAt) {
      // The latest snooze that has ended, else the dose itself.
      const ended = snoozes
        .filter((s) => s.scheduledAt === at && s.until <= now)
        .reduce((latest, s) => Math.max(latest, s.until), 0);
      const pending = snoozes.some((s) => s.scheduledAt === at && s.until > now);
      if (!pending && !inQuietHours(now, settings))
        due.push({ ...base, kind: 'reminder', audience: 'patient', key: key(`reminder:${ended || at}`) });
      continue;
    }
    const kind = trouble ?? 'missed';
    due.push({ ...base, kind, audience: 'patient', key: key('alert:patient') });
    if (now >= missedAt + settings.caregiverDelayMinutes * MINUTE)
      due.push({ ...base, kind, audience: 'caregivers', key: key('alert:caregivers') });
  }
  return due;
}

/** Local 'HH:MM' of an instant in a zone (for the texts). */
export function localClock(instant: number, timezone: string): string {
  const t = ((instantToWall(instant, timezone) % DAY_MS) + DAY_MS) % DAY_MS;
  const minutes = Math.floor(t / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
