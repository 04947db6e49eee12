import type { AdherenceDay } from '@dosedot/domain';
import { chartDayMinutes, dotStatusOf } from '@dosedot/domain/adherence';
import type { DotKind } from '../../../lib/dots';

/** One dot: its chart day (index on the x axis), its time of the chart day in minutes and its kind. */
export interface Dot {
  day: number;
  minutes: number;
  kind: DotKind;
  /** The intake's medicines (none for a press without a dose). */
  medicineIds: number[];
  scheduledAt: string | null;
  press: string | null;
  deltaMinutes: number | null;
  /** An intake entered by hand: when it was taken. */
  takenAt?: string;
}

/**
 * The dots of the chart days: a taken intake at the time of its press, any other (confirmed by
 * hand, missed, pending, not tracked) at its scheduled time, every press that matched no intake at
 * its own time, and every as-needed intake entered by hand at its time (its own mark, 'manual'; a
 * confirmation by hand is its dose's dot already).
 */
export function dotsOf(days: AdherenceDay[], zone: string): Dot[] {
  return days.flatMap((day, i) => [
    ...day.intakes.map((intake) => ({
      day: i,
      minutes: chartDayMinutes(Date.parse(intake.press ?? intake.scheduledAt), zone),
      kind: dotStatusOf(intake),
      medicineIds: intake.medicineIds,
      scheduledAt: intake.scheduledAt,
      press: intake.press,
      deltaMinutes: intake.deltaMinutes,
    })),
    ...day.unmatched.map((press) => ({
      day: i,
      minutes: chartDayMinutes(Date.parse(press), zone),
      kind: 'unmatched' as const,
      medicineIds: [],
      scheduledAt: null,
      press,
      deltaMinutes: null,
    })),
    ...day.manual
      .filter((intake) => intake.scheduledAt === null)
      .map((intake) => ({
        day: i,
        minutes: chartDayMinutes(Date.parse(intake.takenAt), zone),
        kind: 'manual' as const,
        medicineIds: [intake.medicineId],
        scheduledAt: null,
        press: null,
        deltaMinutes: null,
        takenAt: intake.takenAt,
      })),
  ]);
}

/** A dosage time 'HH:MM[:00.000]' on the chart day's axis (times before 03:00 belong to the night after). */
export function dosageTimeMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = h * 60 + m;
  return minutes < 180 ? minutes + 1440 : minutes;
}

/** How many dots of each kind. */
export function countKinds(dots: Dot[]): Record<DotKind, number> {
  const counts: Record<DotKind, number> = {
    on_time: 0,
    about_1h: 0,
    over_2h: 0,
    missed: 0,
    pending: 0,
    by_hand: 0,
    not_tracked: 0,
    unmatched: 0,
    manual: 0,
  };
  for (const dot of dots) counts[dot.kind]++;
  return counts;
}
