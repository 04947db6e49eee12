import type { Amount, DoseSlot, PosologyPart, Regimen } from './model';
import { DAY_SEGMENTS } from './model';
import { describePart, renderPhrase } from './words';

/*
 * A posology as FHIR R4 Dosage elements (MedicationStatement.dosage), for the FHIR export: one
 * Dosage a slot, with Timing.repeat saying the days (period and periodUnit, dayOfWeek), the time
 * (timeOfDay, or `when` for a day segment: MORN, NOON, EVE, NIGHT) and the part's dates
 * (boundsPeriod); in reserve is asNeededBoolean. What Timing cannot say (days of the month, a
 * sequence of phases, free text) is a Dosage with its words in English as `text` and no timing.
 */

const WHEN = { morning: 'MORN', noon: 'NOON', evening: 'EVE', night: 'NIGHT' } as const;
const DAY_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface FhirDosage {
  sequence?: number;
  text: string;
  asNeededBoolean?: boolean;
  timing?: { repeat: Record<string, unknown> };
  doseAndRate?: Record<string, unknown>[];
}

const quantity = (value: number, unit: string | null) => ({ value, ...(unit === null ? {} : { unit }) });

function doseAndRate(amount: Amount, unit: string | null) {
  return [
    amount.max === undefined
      ? { doseQuantity: quantity(amount.value, unit) }
      : { doseRange: { low: quantity(amount.value, unit), high: quantity(amount.max, unit) } },
  ];
}

function repeatOf(regimen: Regimen, slot: DoseSlot, part: PosologyPart): Record<string, unknown> | null {
  const days = regimen.days;
  const bounds =
    part.from === null && part.to === null
      ? {}
      : {
          boundsPeriod: { ...(part.from ? { start: part.from } : {}), ...(part.to ? { end: part.to } : {}) },
        };
  const at = (DAY_SEGMENTS as readonly string[]).includes(slot.at)
    ? { when: [WHEN[slot.at as keyof typeof WHEN]] }
    : { timeOfDay: [`${slot.at}:00`] };
  switch (days.kind) {
    case 'daily':
      return { ...bounds, frequency: 1, period: 1, periodUnit: 'd', ...at };
    case 'everyNDays':
      return { ...bounds, frequency: 1, period: days.n, periodUnit: 'd', ...at };
    case 'weekdays':
      return {
        ...bounds,
        frequency: 1,
        period: days.everyNWeeks,
        periodUnit: 'wk',
        dayOfWeek: days.weekdays.map((d) => DAY_OF_WEEK[d - 1]),
        ...at,
      };
    case 'once':
      return { ...bounds, count: 1, ...at };
    case 'monthDays':
      return null;
  }
}

const english = (part: PosologyPart) =>
  describePart(part)
    .map((p) => renderPhrase(p, 'en'))
    .join('; ');

/** The Dosage elements of a posology, numbered in `sequence` by part. */
export function fhirDosageOf(posology: readonly PosologyPart[]): FhirDosage[] {
  return posology.flatMap((part, index) => {
    const common = {
      sequence: index + 1,
      text: english(part),
      ...(part.inReserve ? { asNeededBoolean: true } : {}),
    };
    const s = part.schedule;
    if (s.kind !== 'regular') return [common];
    const repeats = s.regimen.slots.map((slot) => ({ slot, repeat: repeatOf(s.regimen, slot, part) }));
    if (repeats.some((r) => r.repeat === null)) return [common];
    return repeats.map(({ slot, repeat }) => ({
      ...common,
      timing: { repeat: repeat as Record<string, unknown> },
      doseAndRate: doseAndRate(slot.amount, part.unit),
    }));
  });
}
