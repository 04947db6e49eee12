import type { AdherenceDay, AdherenceResponse, IntakeEntry } from '@dosedot/domain';
import type { AdherenceResult, DayResult, IntakeResult } from '@dosedot/domain/adherence';

const iso = (ms: number) => new Date(ms).toISOString();

export function presentIntake(date: string, intake: IntakeResult): IntakeEntry {
  return {
    date,
    scheduledAt: iso(intake.scheduledAt),
    medicineIds: intake.medicineIds.map(Number),
    status: intake.status,
    press: intake.press === null ? null : iso(intake.press),
    deltaMinutes: intake.deltaMs === null ? null : Math.round(intake.deltaMs / 60_000),
    band: intake.band,
  };
}

function presentDay(day: DayResult): AdherenceDay {
  const { intakes, unmatched, start, end, ...tally } = day;
  return {
    ...tally,
    start: iso(start),
    end: iso(end),
    intakes: intakes.map((i) => presentIntake(day.date, i)),
    unmatched: unmatched.map(iso),
  };
}

export function presentAdherence(
  timezone: string,
  range: { from: string; to: string },
  result: AdherenceResult,
): AdherenceResponse['data'] {
  return {
    timezone,
    ...range,
    days: result.days.map(presentDay),
    byWeek: result.byWeek,
    byMonth: result.byMonth,
    byMedicine: result.byMedicine.map((m) => ({ ...m, medicineId: Number(m.medicineId) })),
    totals: result.totals,
  };
}
