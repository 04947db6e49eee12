import type { DateRange, DoseInstance, MedicineId, MedicineSchedule } from '../adherence/types';
import { DAY_MS, dateOfDayNumber, requireDayNumber } from '../time/dates';
import { wallToInstant } from '../time/local';
import { timeOfDay } from '../time/wall-time';
import {
  type Amount,
  DAY_SEGMENTS,
  type DayPattern,
  type DaySegment,
  DEFAULT_SEGMENT_TIMES,
  type DoseSlot,
  isScheduledPart,
  type PosologyPart,
  type Regimen,
  type SegmentTimes,
} from './model';

/*
 * A posology's doses over a range of local dates in the patient's zone, with the DST rules of
 * time/local.ts (ARCHITECTURE section 4), exactly as adherence/instances.ts does for daily times: a
 * time in a spring gap moves forward by the gap, an ambiguous time takes the earlier instant. Each
 * date is evaluated on its own (no state carried from day to day), so a range can start anywhere.
 */

/** One dose of a posology: a dose instance with its amount, unit and the day segment it came from. */
export interface PosologyDose extends DoseInstance {
  amount: Amount;
  unit: string | null;
  /** Set when the slot named a day segment: the time is the patient's time for it. */
  segment?: DaySegment;
  /** Index of the part in the posology. */
  part: number;
}

const isSegment = (at: string): at is DaySegment => (DAY_SEGMENTS as readonly string[]).includes(at);

/** ISO weekday of a day number, 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

/** Year and month (1–12) and day of the month of a day number. */
function civilOf(day: number): { year: number; month: number; dom: number } {
  const iso = dateOfDayNumber(day);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), dom: Number(iso.slice(8, 10)) };
}

/** Whether the pattern takes on `day`, counted from `anchor` (a day number; NaN: no anchor). */
export function patternTakesOn(pattern: DayPattern, day: number, anchor: number): boolean {
  switch (pattern.kind) {
    case 'daily':
      return true;
    case 'once':
      return day === anchor;
    case 'everyNDays':
      return day >= anchor && (day - anchor) % pattern.n === 0;
    case 'weekdays': {
      if (!pattern.weekdays.includes(weekdayOf(day) as never)) return false;
      if (pattern.everyNWeeks === 1) return true;
      return day >= anchor && (day - anchor) % (7 * pattern.everyNWeeks) < 7;
    }
    case 'monthDays': {
      const here = civilOf(day);
      if (!pattern.days.includes(here.dom)) return false;
      if (pattern.everyNMonths === 1) return true;
      const start = civilOf(anchor);
      const months = (here.year - start.year) * 12 + (here.month - start.month);
      return months >= 0 && months % pattern.everyNMonths === 0;
    }
  }
}

const regimenSlotsOn = (regimen: Regimen, day: number, anchor: number): readonly DoseSlot[] =>
  patternTakesOn(regimen.days, day, anchor) ? regimen.slots : [];

/** The slots a part takes on `day` (its dates not checked here); empty when none. */
export function partSlotsOn(part: PosologyPart, day: number): readonly DoseSlot[] {
  const anchor = part.from === null ? Number.NaN : requireDayNumber(part.from, 'start date');
  const s = part.schedule;
  if (s.kind === 'freeText') return [];
  if (s.kind === 'regular') return regimenSlotsOn(s.regimen, day, anchor);
  let offset = day - anchor;
  if (!(offset >= 0)) return [];
  if (s.repeat) {
    const length = s.phases.reduce((sum, phase) => sum + (phase.days ?? 0), 0);
    offset %= length;
  }
  for (const phase of s.phases) {
    if (phase.days === null || offset < phase.days) {
      return phase.kind === 'pause' ? [] : regimenSlotsOn(phase.regimen, day, day - offset);
    }
    offset -= phase.days;
  }
  return [];
}

export interface ExpandOptions {
  timezone: string;
  dates: DateRange;
  /** The patient's times for morning, noon, evening and night; eMediplan's defaults when absent. */
  segmentTimes?: SegmentTimes;
}

/**
 * The doses of a posology on the local dates of `dates` (both included) within each part's own
 * dates, ordered by date, then by part, then by the order of the part's slots. Parts in reserve and
 * free-text parts give none.
 */
export function expandPosology(
  medicineId: MedicineId,
  posology: readonly PosologyPart[],
  { timezone, dates, segmentTimes = DEFAULT_SEGMENT_TIMES }: ExpandOptions,
): PosologyDose[] {
  const first = requireDayNumber(dates.from, 'from date');
  const last = requireDayNumber(dates.to, 'to date');
  const segmentMs = Object.fromEntries(DAY_SEGMENTS.map((s) => [s, timeOfDay(segmentTimes[s])])) as Record<
    DaySegment,
    number
  >;
  const parts = posology.flatMap((part, index) => {
    if (!isScheduledPart(part)) return [];
    const from = part.from === null ? first : Math.max(first, requireDayNumber(part.from, 'start date'));
    const to = part.to === null ? last : Math.min(last, requireDayNumber(part.to, 'end date'));
    return from <= to ? [{ part, index, from, to }] : [];
  });
  const doses: PosologyDose[] = [];
  for (let day = first; day <= last; day++) {
    let date: string | undefined;
    for (const { part, index, from, to } of parts) {
      if (day < from || day > to) continue;
      for (const slot of partSlotsOn(part, day)) {
        date ??= dateOfDayNumber(day);
        const segment = isSegment(slot.at) ? slot.at : undefined;
        const time = segment === undefined ? slot.at : segmentTimes[segment];
        const ms = segment === undefined ? timeOfDay(slot.at) : segmentMs[segment];
        doses.push({
          medicineId,
          date,
          time,
          scheduledAt: wallToInstant(day * DAY_MS + ms, timezone),
          amount: slot.amount,
          unit: part.unit,
          part: index,
          ...(segment === undefined ? {} : { segment }),
        });
      }
    }
  }
  return doses;
}

/** The posology of a medicine written the old way: its dates and daily times, one unit each. */
export function posologyOfDailyTimes(medicine: Pick<MedicineSchedule, 'startDate' | 'endDate' | 'times'>) {
  const part: PosologyPart = {
    from: medicine.startDate,
    to: medicine.endDate,
    inReserve: medicine.times.length === 0,
    unit: null,
    schedule:
      medicine.times.length === 0
        ? { kind: 'freeText', text: '' }
        : {
            kind: 'regular',
            regimen: {
              days: { kind: 'daily' },
              slots: medicine.times.map((at) => ({ at, amount: { value: 1 } })),
            },
          },
  };
  return [part];
}
