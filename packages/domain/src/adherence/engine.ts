import type { SegmentTimes } from '../posology/model';
import { addDays, dateOfDayNumber, isoWeekOf, monthOf, requireDayNumber } from '../time/dates';
import { isKnownZone } from '../time/zone';
import { bandOf, doseStatus, intakeStatusOf, lastTakeInstant } from './band';
import { chartDayBoundaries } from './chart-day';
import { intakesOf } from './instances';
import { matchPresses } from './match';
import { mergePresses } from './merge';
import { addCounts, type Counts, countIntake, emptyCounts, type Tally, tallyOf } from './stats';
import type {
  Band,
  DateRange,
  DoseAmount,
  DoseConfirmation,
  Intake,
  IntakeStatus,
  MedicineId,
  MedicineSchedule,
} from './types';

/*
 * The adherence engine: merge the presses, build the intakes in the patient's zone, cut both into
 * chart days, match them optimally within each day, give each medicine's dose its status (a press,
 * a confirmation by hand, not tracked yet, missed or pending: band.ts `doseStatus`), and count.
 * Confirmations by hand take no part in matching: a press is matched as if there were none, and
 * wins over them.
 */

export interface AdherenceInput {
  /** The patient's IANA zone: dosage times and chart days are local to it. */
  timezone: string;
  medicines: readonly MedicineSchedule[];
  /**
   * Raw button presses, epoch ms, any order. Pass every press from a minute before the first chart
   * day's start to the last one's end, so merging sees whole groups.
   */
  presses: readonly number[];
  /** Chart days, both included. */
  range: DateRange;
  /** The moment statuses are computed for, epoch ms. */
  now: number;
  /** Scheduled doses confirmed by hand (a medicine and a dose instant); others are ignored. */
  confirmations?: readonly DoseConfirmation[];
  /** The patient's times for morning, noon, evening and night, for posologies that name them. */
  segmentTimes?: SegmentTimes;
}

/** One medicine's dose within an intake, with its own status (and its amount, when its posology gives one). */
export interface DoseResult extends Partial<DoseAmount> {
  medicineId: MedicineId;
  status: IntakeStatus;
}

export interface IntakeResult extends Intake {
  /** The intake's status from its doses' (band.ts `intakeStatusOf`). */
  status: IntakeStatus;
  /** Each medicine's dose, in the order of medicineIds. */
  doses: DoseResult[];
  /** The matched (merged) press, or null. */
  press: number | null;
  /** press − scheduledAt (negative: early), or null. */
  deltaMs: number | null;
  band: Band | null;
}

export interface DayResult extends Tally {
  /** The chart day 'YYYY-MM-DD'. */
  date: string;
  /** The chart day's instants [start, end). */
  start: number;
  end: number;
  intakes: IntakeResult[];
  /** Merged presses of this chart day that match no intake, ascending. */
  unmatched: number[];
}

export interface PeriodResult extends Tally {
  /** 'YYYY-Www' (ISO week) or 'YYYY-MM': over the chart days of the range in that period only. */
  period: string;
  /** Number of unmatched presses. */
  unmatched: number;
}

export interface MedicineResult extends Tally {
  medicineId: MedicineId;
}

export interface AdherenceResult {
  days: DayResult[];
  byWeek: PeriodResult[];
  byMonth: PeriodResult[];
  /** Every medicine given, in order (an as-needed one has nothing scheduled). */
  byMedicine: MedicineResult[];
  totals: Tally & { unmatched: number };
}

/** The index of the first value (ascending list) at or after `end`, searching from index `from`. */
function endOfWindow(values: readonly number[], from: number, end: number): number {
  let i = from;
  while (i < values.length && (values[i] as number) < end) i++;
  return i;
}

/** What a dose's status needs beyond its press: when its medicine's tracking starts, which are confirmed. */
interface DoseFacts {
  trackedFrom: ReadonlyMap<MedicineId, number | null>;
  /** `${medicineId}@${scheduledAt}` of each confirmation by hand. */
  byHand: ReadonlySet<string>;
}

const confirmationKey = (medicineId: MedicineId, scheduledAt: number) => `${medicineId}@${scheduledAt}`;

function computeDay(
  date: string,
  start: number,
  end: number,
  intakes: readonly Intake[],
  presses: readonly number[],
  now: number,
  facts: DoseFacts,
): DayResult {
  const match = matchPresses(
    presses,
    intakes.map((intake) => intake.scheduledAt),
  );
  const pressOf = new Map<number, number>();
  for (const pair of match.pairs) pressOf.set(pair.intake, presses[pair.press] as number);
  const counts = emptyCounts();
  const results = intakes.map((intake, index): IntakeResult => {
    const press = pressOf.get(index) ?? null;
    const deltaMs = press === null ? null : press - intake.scheduledAt;
    const band = deltaMs === null ? null : bandOf(deltaMs);
    const doses = intake.medicineIds.map(
      (medicineId): DoseResult => ({
        medicineId,
        status: doseStatus(intake.scheduledAt, press, now, end, {
          byHand: facts.byHand.has(confirmationKey(medicineId, intake.scheduledAt)),
          trackedFrom: facts.trackedFrom.get(medicineId) ?? null,
        }),
        ...intake.amounts?.get(medicineId),
      }),
    );
    const status = intakeStatusOf(doses.map((dose) => dose.status));
    countIntake(counts, status, band);
    return {
      scheduledAt: intake.scheduledAt,
      medicineIds: intake.medicineIds,
      status,
      doses,
      press,
      deltaMs,
      band,
    };
  });
  const unmatched = match.unmatched.map((index) => presses[index] as number);
  return { date, start, end, ...tallyOf(counts), intakes: results, unmatched };
}

function byPeriod(days: readonly DayResult[], periodOf: (date: string) => string): PeriodResult[] {
  const periods = new Map<string, { counts: Counts; unmatched: number }>();
  for (const day of days) {
    const key = periodOf(day.date);
    let period = periods.get(key);
    if (!period) {
      period = { counts: emptyCounts(), unmatched: 0 };
      periods.set(key, period);
    }
    addCounts(period.counts, day);
    period.unmatched += day.unmatched.length;
  }
  return [...periods].map(([period, { counts, unmatched }]) => ({ period, ...tallyOf(counts), unmatched }));
}

/**
 * Adherence of one patient over chart days `range.from` to `range.to`: each day's intakes with their
 * status, matched press, Δ and band, the day's unmatched presses, and tallies per day, ISO week,
 * month, medicine and in total. Throws a RangeError on an unknown zone, a bad date or time, or a
 * range whose start is after its end.
 */
export function computeAdherence(input: AdherenceInput): AdherenceResult {
  const { timezone, medicines, range, now } = input;
  if (!isKnownZone(timezone)) throw new RangeError(`Unknown time zone '${timezone}'`);
  const first = requireDayNumber(range.from, 'from date');
  if (first > requireDayNumber(range.to, 'to date')) throw new RangeError('The range starts after it ends');

  const boundaries = chartDayBoundaries(range.from, range.to, timezone);
  const rangeStart = boundaries[0] as number;
  const rangeEnd = boundaries[boundaries.length - 1] as number;
  // A chart day ends at 03:00 of the next date, so the last day's early doses are on range.to + 1.
  const dates = { from: range.from, to: addDays(range.to, 1) };
  const intakes = intakesOf(medicines, timezone, dates, input.segmentTimes).filter(
    (intake) => intake.scheduledAt >= rangeStart && intake.scheduledAt < rangeEnd,
  );
  const presses = mergePresses(input.presses).filter((press) => press >= rangeStart && press < rangeEnd);
  const scheduled = intakes.map((intake) => intake.scheduledAt);
  const facts: DoseFacts = {
    trackedFrom: new Map(medicines.map((medicine) => [medicine.id, medicine.trackedFrom ?? null])),
    byHand: new Set((input.confirmations ?? []).map((c) => confirmationKey(c.medicineId, c.scheduledAt))),
  };

  const days: DayResult[] = [];
  let nextIntake = 0;
  let nextPress = 0;
  for (let k = 0; k + 1 < boundaries.length; k++) {
    const start = boundaries[k] as number;
    const end = boundaries[k + 1] as number;
    const intakeEnd = endOfWindow(scheduled, nextIntake, end);
    const pressEnd = endOfWindow(presses, nextPress, end);
    days.push(
      computeDay(
        dateOfDayNumber(first + k),
        start,
        end,
        intakes.slice(nextIntake, intakeEnd),
        presses.slice(nextPress, pressEnd),
        now,
        facts,
      ),
    );
    nextIntake = intakeEnd;
    nextPress = pressEnd;
  }

  const perMedicine = new Map<MedicineId, Counts>(medicines.map((medicine) => [medicine.id, emptyCounts()]));
  const total = emptyCounts();
  let unmatched = 0;
  for (const day of days) {
    addCounts(total, day);
    unmatched += day.unmatched.length;
    for (const intake of day.intakes) {
      for (const dose of intake.doses) {
        const counts = perMedicine.get(dose.medicineId);
        if (counts) countIntake(counts, dose.status, intake.band);
      }
    }
  }
  return {
    days,
    byWeek: byPeriod(days, isoWeekOf),
    byMonth: byPeriod(days, monthOf),
    byMedicine: [...perMedicine].map(([medicineId, counts]) => ({ medicineId, ...tallyOf(counts) })),
    totals: { ...tallyOf(total), unmatched },
  };
}

/**
 * The first instant after `now` at which `computeAdherence` of the same input, at a later `now`, can
 * answer differently: the clock changes an answer only by turning a dose still pending (no press, not
 * confirmed by hand, tracked) into a missed one, one millisecond after its last take instant
 * (band.ts `intakeStatus`); taken, by hand, not tracked and missed stay as they are. Infinity when no
 * dose is pending. The server keeps an answer until then (plugins/answers.ts); the property test
 * compares the answers at instants before it with the answer at `now`.
 */
export function nextStatusChange(result: AdherenceResult, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const day of result.days)
    for (const intake of day.intakes)
      for (const dose of intake.doses)
        if (dose.status === 'pending') {
          const at = lastTakeInstant(intake.scheduledAt, day.end) + 1;
          if (at > now && at < next) next = at;
        }
  return next;
}
