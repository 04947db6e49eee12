import type { AdherenceDay, AdherenceResponse, IntakeEntry } from '@dosedot/domain';
import type { AdherenceResult, DayResult, IntakeResult } from '@dosedot/domain/adherence';
import { type ManualIntakeRow, presentManualIntake } from '../medicines';

const iso = (ms: number) => new Date(ms).toISOString();

/** An intake; with `medicineId`, its status is that medicine's dose's (a medicine's history). */
export function presentIntake(date: string, intake: IntakeResult, medicineId?: number): IntakeEntry {
  const own = intake.doses.find((dose) => dose.medicineId === medicineId);
  return {
    date,
    scheduledAt: iso(intake.scheduledAt),
    medicineIds: intake.medicineIds.map(Number),
    status: own?.status ?? intake.status,
    doses: intake.doses.map(({ medicineId, status, amount, unit }) => ({
      medicineId: Number(medicineId),
      status,
      ...(amount ? { amount, unit: unit ?? null } : {}),
    })),
    press: intake.press === null ? null : iso(intake.press),
    deltaMinutes: intake.deltaMs === null ? null : Math.round(intake.deltaMs / 60_000),
    band: intake.band,
  };
}

/** Who reads: the patient's user id (tells an intake they entered from one an administrator did). */
interface Reader {
  patientUserId: number;
}

function presentDay(day: DayResult, manual: readonly ManualIntakeRow[], reader: Reader): AdherenceDay {
  const { intakes, unmatched, start, end, ...tally } = day;
  return {
    ...tally,
    start: iso(start),
    end: iso(end),
    intakes: intakes.map((i) => presentIntake(day.date, i)),
    unmatched: unmatched.map(iso),
    manual: manual
      .filter((m) => m.taken_at >= start && m.taken_at < end)
      .map((m) => presentManualIntake(m, reader.patientUserId)),
  };
}

export function presentAdherence(
  timezone: string,
  range: { from: string; to: string },
  result: AdherenceResult,
  manual: readonly ManualIntakeRow[],
  reader: Reader,
): AdherenceResponse['data'] {
  return {
    timezone,
    ...range,
    days: result.days.map((day) => presentDay(day, manual, reader)),
    byWeek: result.byWeek,
    byMonth: result.byMonth,
    byMedicine: result.byMedicine.map((m) => ({ ...m, medicineId: Number(m.medicineId) })),
    totals: result.totals,
  };
}
