import { ABOUT_1H_MS, MATCH_WINDOW_MS, ON_TIME_MS } from './constants';
import type { Band, IntakeStatus } from './types';

/**
 * Closeness band of a press to its intake from Δ = press − scheduled (either sign):
 * |Δ| <= 30 min 'on_time'; <= 2 h 'about_1h'; more 'over_2h'.
 */
export function bandOf(deltaMs: number): Band {
  const distance = Math.abs(deltaMs);
  if (distance <= ON_TIME_MS) return 'on_time';
  if (distance <= ABOUT_1H_MS) return 'about_1h';
  return 'over_2h';
}

/**
 * The last instant at which a press could still be matched to an intake: scheduled + 4 h, but no
 * later than the end of the intake's chart day (a press after it belongs to the next chart day).
 */
export const lastTakeInstant = (scheduledAt: number, chartDayEnd: number): number =>
  Math.min(scheduledAt + MATCH_WINDOW_MS, chartDayEnd - 1);

/**
 * Status of an intake at `now`: 'taken' when a press is matched; else 'missed' once its window has
 * fully passed (now > lastTakeInstant); else 'pending' (in the future, or its window is still open).
 */
export function intakeStatus(
  scheduledAt: number,
  press: number | null,
  now: number,
  chartDayEnd: number = Number.POSITIVE_INFINITY,
): IntakeStatus {
  if (press !== null) return 'taken';
  return now > lastTakeInstant(scheduledAt, chartDayEnd) ? 'missed' : 'pending';
}

/**
 * Status of one medicine's dose at `now` (ARCHITECTURE section 4, issue 23): a matched press makes it
 * 'taken' (by the box); without one, a confirmation by hand makes it 'by_hand'; a dose scheduled before
 * DoseDot tracked the medicine (`trackedFrom`) is 'not_tracked', neither missed nor due; otherwise
 * `intakeStatus` decides between missed and pending. The order matters: a back-filled dose counts as
 * confirmed by hand, and a press always wins over a hand's confirmation.
 */
export function doseStatus(
  scheduledAt: number,
  press: number | null,
  now: number,
  chartDayEnd: number,
  dose: { byHand: boolean; trackedFrom: number | null },
): IntakeStatus {
  if (press !== null) return 'taken';
  if (dose.byHand) return 'by_hand';
  if (dose.trackedFrom !== null && scheduledAt < dose.trackedFrom) return 'not_tracked';
  return intakeStatus(scheduledAt, null, now, chartDayEnd);
}

/**
 * The status of an intake (several medicines at one instant) from its doses' statuses: a press takes
 * every dose; else a dose still missed or pending decides (they share the instant, so they agree);
 * else one confirmed by hand; else all are not tracked. An intake without doses is pending.
 */
export function intakeStatusOf(doses: readonly IntakeStatus[]): IntakeStatus {
  for (const status of ['taken', 'missed', 'pending', 'by_hand', 'not_tracked'] as const)
    if (doses.includes(status)) return status;
  return 'pending';
}

/** What a dose's dot shows: the band of a taken dose, else its status. */
export type DotStatus = Band | Exclude<IntakeStatus, 'taken'>;

/** A dose's dot status: its band when taken (on time when no band is known), else its status. */
export const dotStatusOf = (intake: { status: IntakeStatus; band: Band | null }): DotStatus =>
  intake.status === 'taken' ? (intake.band ?? 'on_time') : intake.status;
