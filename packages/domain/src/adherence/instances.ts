import { expandPosology } from '../posology/expand';
import type { SegmentTimes } from '../posology/model';
import { DAY_MS, dateOfDayNumber, requireDayNumber } from '../time/dates';
import { wallToInstant } from '../time/local';
import { timeOfDay } from '../time/wall-time';
import type { DateRange, DoseAmount, DoseInstance, Intake, MedicineSchedule } from './types';

/*
 * Dose instances (ARCHITECTURE section 4): for each medicine, for each local date from its start date
 * to its end date (inclusive; no end date = ongoing) and each schedule time, one instance at that
 * local time in the patient's zone. A time in a DST gap moves forward by the gap; an ambiguous time
 * takes the earlier instant. Instances of several medicines at the same instant form one intake.
 */

/**
 * The instances of one medicine on the local dates of `dates` (both included) that fall within its
 * own start and end dates, ordered by date then by the order of its times. A medicine without times
 * (type 2, as needed) has none. A medicine with a posology follows it instead of its times
 * (posology/expand.ts, day segments at `segmentTimes`), within its own dates too.
 */
export function doseInstances(
  medicine: MedicineSchedule,
  timezone: string,
  dates: DateRange,
  segmentTimes?: SegmentTimes,
): DoseInstance[] {
  if (medicine.posology) return posologyInstances(medicine, medicine.posology, timezone, dates, segmentTimes);
  if (medicine.times.length === 0) return [];
  const times = medicine.times.map((time) => ({ time, ms: timeOfDay(time) }));
  let first = requireDayNumber(dates.from, 'from date');
  let last = requireDayNumber(dates.to, 'to date');
  if (medicine.startDate !== null)
    first = Math.max(first, requireDayNumber(medicine.startDate, 'start date'));
  if (medicine.endDate !== null) last = Math.min(last, requireDayNumber(medicine.endDate, 'end date'));
  const instances: DoseInstance[] = [];
  for (let n = first; n <= last; n++) {
    const date = dateOfDayNumber(n);
    for (const { time, ms } of times) {
      instances.push({
        medicineId: medicine.id,
        date,
        time,
        scheduledAt: wallToInstant(n * DAY_MS + ms, timezone),
      });
    }
  }
  return instances;
}

function posologyInstances(
  medicine: MedicineSchedule,
  posology: NonNullable<MedicineSchedule['posology']>,
  timezone: string,
  dates: DateRange,
  segmentTimes?: SegmentTimes,
): DoseInstance[] {
  const from =
    medicine.startDate !== null && medicine.startDate > dates.from ? medicine.startDate : dates.from;
  const to = medicine.endDate !== null && medicine.endDate < dates.to ? medicine.endDate : dates.to;
  if (from > to) return [];
  return expandPosology(medicine.id, posology, { timezone, dates: { from, to }, segmentTimes }).map(
    ({ medicineId, date, time, scheduledAt, amount, unit }) => ({
      medicineId,
      date,
      time,
      scheduledAt,
      dose: { amount, unit },
    }),
  );
}

/**
 * Two doses of one medicine at one instant (two parts of a posology that meet) as one: their amounts
 * added when the unit is the same, else the first's.
 */
function addDoses(a: DoseAmount, b: DoseAmount): DoseAmount {
  if (a.unit !== b.unit) return a;
  const value = a.amount.value + b.amount.value;
  if (a.amount.max === undefined && b.amount.max === undefined) return { amount: { value }, unit: a.unit };
  return {
    amount: { value, max: (a.amount.max ?? a.amount.value) + (b.amount.max ?? b.amount.value) },
    unit: a.unit,
  };
}

/**
 * Intakes of a list of instances: instances at the same instant form one intake, listing each
 * medicine once (a medicine whose two times meet in a DST gap counts once), with the amounts of the
 * doses whose posology gives one. Ordered by time.
 */
export function groupIntakes(instances: readonly DoseInstance[]): Intake[] {
  const byInstant = new Map<number, Intake>();
  for (const { scheduledAt, medicineId, dose } of instances) {
    let intake = byInstant.get(scheduledAt);
    if (!intake) {
      intake = { scheduledAt, medicineIds: [medicineId] };
      byInstant.set(scheduledAt, intake);
    } else if (!intake.medicineIds.includes(medicineId)) intake.medicineIds.push(medicineId);
    if (dose) {
      intake.amounts ??= new Map();
      const before = intake.amounts.get(medicineId);
      intake.amounts.set(medicineId, before ? addDoses(before, dose) : dose);
    }
  }
  return [...byInstant.values()].sort((a, b) => a.scheduledAt - b.scheduledAt);
}

/** Intakes of several medicines on the local dates of `dates`. */
export const intakesOf = (
  medicines: readonly MedicineSchedule[],
  timezone: string,
  dates: DateRange,
  segmentTimes?: SegmentTimes,
): Intake[] =>
  groupIntakes(medicines.flatMap((medicine) => doseInstances(medicine, timezone, dates, segmentTimes)));
