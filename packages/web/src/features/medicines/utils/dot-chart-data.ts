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
}

/**
 * The dots of the chart days: a taken intake at the time of its press, a missed or pending one at
 * its scheduled time, and every press that matched no intake at its own time.
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
    unmatched: 0,
  };
  for (const dot of dots) counts[dot.kind]++;
  return counts;
}
