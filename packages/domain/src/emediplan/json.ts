import type {
  Amount,
  DaySegment,
  DoseSlot,
  Phase,
  PosologyPart,
  Regimen,
  SegmentTimes,
} from '../posology/model';
import { DAY_SEGMENTS, posologyPartSchema } from '../posology/model';
import type { UnsupportedReason } from '../posology/words';
import { addDays, isIsoDate } from '../time/dates';
import type { EmediplanFormat, MedicineIdentifier } from './plan';
import { EmediplanError } from './transport';

/*
 * Reading the loosely typed JSON of both formats: a field of the wrong type is an 'invalid' error
 * naming its path; a posology DoseDot cannot schedule is not an error but free text (Unsupported).
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const invalid = (path: string, message: string): never => {
  throw new EmediplanError('invalid', path, message);
};

export function objectAt(value: unknown, path: string): Json {
  return isObject(value) ? value : invalid(path, 'Expected an object');
}

export function arrayAt(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : invalid(path, 'Expected a list');
}

export function textAt(value: unknown, path: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return invalid(path, 'Expected a text');
}

export function numberAt(value: unknown, path: string): number | null {
  if (value === undefined || value === null) return null;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : invalid(path, 'Expected a number');
}

/** A date 'YYYY-MM-DD' of a date or a date-time as written ('2016-06-16T16:26:15+02:00': its date). */
export function dateAt(value: unknown, path: string): string | null {
  const text = textAt(value, path);
  if (text === null) return null;
  const date = text.slice(0, 10);
  return isIsoDate(date) && (text.length === 10 || text[10] === 'T')
    ? date
    : invalid(path, 'Expected a date');
}

/** Thrown inside a posology's mapping when DoseDot cannot schedule it; caught per posology. */
export class Unsupported extends Error {
  constructor(readonly reason: UnsupportedReason) {
    super(reason);
  }
}
export const unsupported = (reason: UnsupportedReason): never => {
  throw new Unsupported(reason);
};

export const SEGMENT_OF_INDEX: readonly DaySegment[] = DAY_SEGMENTS;

/** Slots of a morning/noon/evening/night list of doses (zeros skipped). */
export function segmentSlots(doses: readonly unknown[], path: string): DoseSlot[] {
  if (doses.length > 4) invalid(path, 'Expected at most four doses: morning, noon, evening, night');
  const slots: DoseSlot[] = [];
  doses.forEach((dose, i) => {
    const value = numberAt(dose, `${path}.${i}`) ?? 0;
    if (value < 0) invalid(`${path}.${i}`, 'A dose is never negative');
    if (value > 0) slots.push({ at: SEGMENT_OF_INDEX[i] as DaySegment, amount: { value } });
  });
  return slots.length > 0 ? slots : unsupported('noDoses');
}

/** 'HH:MM' of seconds after midnight (whole minutes only). */
export function wallTimeOfSeconds(seconds: number): string {
  if (seconds % 60 !== 0) unsupported('unknown');
  const minutes = seconds / 60;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const secondsOfWallTime = (time: string): number =>
  Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60;

/** A part that is free text because DoseDot cannot schedule what the plan says. */
export function unsupportedPart(
  base: Omit<PosologyPart, 'schedule'>,
  format: EmediplanFormat,
  source: unknown,
  reason: UnsupportedReason,
  text = '',
): PosologyPart {
  return { ...base, schedule: { kind: 'freeText', text, unsupported: { format, source, reason } } };
}

export const regularPart = (base: Omit<PosologyPart, 'schedule'>, regimen: Regimen): PosologyPart => ({
  ...base,
  schedule: { kind: 'regular', regimen },
});

export const sequencePart = (base: Omit<PosologyPart, 'schedule'>, phases: Phase[]): PosologyPart => ({
  ...base,
  schedule: { kind: 'sequence', phases, repeat: true },
});

/** A simple amount, or a range when `max` is given and larger. */
export function amountOf(value: number, max?: number): Amount {
  if (!(value > 0)) unsupported('noDoses');
  return max !== undefined && max > value ? { value, max } : { value };
}

/**
 * A sequence that is not repeated (a taper) as consecutive regular parts with their own dates, for
 * the formats that repeat every sequence: each take phase becomes a part, each pause a gap.
 */
export function partsOfTaper(
  part: PosologyPart & { from: string },
  phases: readonly Phase[],
): PosologyPart[] {
  const out: PosologyPart[] = [];
  let start = part.from;
  for (const phase of phases) {
    if (part.to !== null && start > part.to) break;
    const end = phase.days === null ? part.to : addDays(start, phase.days - 1);
    const to = end === null || part.to === null || end < part.to ? end : part.to;
    if (phase.kind === 'take')
      out.push({ ...part, from: start, to, schedule: { kind: 'regular', regimen: phase.regimen } });
    if (phase.days === null) break;
    start = addDays(start, phase.days);
  }
  return out;
}

export const ID_TYPES: Record<number, MedicineIdentifier['type'] | null> = {
  1: null,
  2: 'gtin',
  3: 'pharmacode',
  4: 'productNumber',
};
export const ID_TYPE_OF: Record<MedicineIdentifier['type'], number> = {
  gtin: 2,
  pharmacode: 3,
  productNumber: 4,
};

/** A part of a plan that the export could not write in the format, and why. */
export interface LostPart {
  medicine: number;
  part: number;
  reason: 'freeText' | 'monthDays' | 'range' | 'noStart' | 'tooLong' | 'pattern' | 'unit';
}

class Lost extends Error {
  constructor(readonly reason: LostPart['reason']) {
    super(reason);
  }
}
export const lose = (reason: LostPart['reason']): never => {
  throw new Lost(reason);
};

/** Each part written by `write`, the parts it cannot write listed in `lost` instead. */
export function writeParts<T>(
  parts: readonly PosologyPart[],
  medicine: number,
  lost: LostPart[],
  write: (part: PosologyPart) => T[],
): T[] {
  return parts.flatMap((part, index) => {
    try {
      return write(part);
    } catch (error) {
      if (!(error instanceof Lost)) throw error;
      lost.push({ medicine, part: index, reason: error.reason });
      return [];
    }
  });
}

export interface EncodeOptions {
  /** Dt of the written plan when the plan has none: 'YYYY-MM-DDThh:mm:ss+hh:mm'. */
  issuedAt?: string;
  /** The patient's times for the day segments, where a format needs a clock time. */
  segmentTimes?: SegmentTimes;
  /** The Id of the written plan (CHMED16A requires one). */
  id?: string;
  /** The patient's language, ISO 639-1 ('de'): both formats require it of a medication plan. */
  language?: string;
}

/** The object without its null and undefined fields (eMediplan leaves empty fields out). */
export const compact = (object: Json): Json =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null && v !== undefined));

/** A plan's Dt: its own, else the one the export gives. */
export const issuedAtOf = (issuedAt: string | null, options: EncodeOptions): string =>
  issuedAt ?? options.issuedAt ?? invalid('Dt', 'The plan needs its date of issue');

/** The four doses (morning, noon, evening, night) of a daily regimen of distinct segments with
 * single amounts, which both formats write as their short form (D / Daily); else null. */
export function segmentDoses(regimen: Regimen): number[] | null {
  const segments = regimen.slots.map((s) => SEGMENT_OF_INDEX.indexOf(s.at as DaySegment));
  const short =
    regimen.days.kind === 'daily' &&
    segments.every((i) => i >= 0) &&
    new Set(segments).size === segments.length &&
    regimen.slots.every((s) => s.amount.max === undefined);
  if (!short) return null;
  const doses = [0, 0, 0, 0];
  regimen.slots.forEach((s, i) => {
    doses[segments[i] as number] = s.amount.value;
  });
  return doses;
}

/** A medicament's Id read with its IdType: the name when the type is 'none', else the identifier. */
export function identified(id: string, idType: number | null, path: string) {
  const type = ID_TYPES[idType ?? 1];
  if (type === undefined)
    invalid(path, 'The Id type is 1 (none), 2 (GTIN), 3 (Pharmacode) or 4 (product number)');
  return { name: type ? null : id, identifier: type ? { type, value: id } : null };
}

/**
 * A part read by `build`, as the model's schema allows it: what DoseDot cannot schedule (an
 * Unsupported thrown, or a part outside the schema's limits: over 24 doses a day, a text over 2,000
 * characters…) becomes free text keeping `source`; a part even that cannot be is an 'invalid' error.
 */
export function readPart(
  base: Omit<PosologyPart, 'schedule'>,
  format: EmediplanFormat,
  source: unknown,
  path: string,
  build: () => PosologyPart,
): PosologyPart {
  let part: PosologyPart;
  try {
    part = build();
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    part = unsupportedPart(base, format, source, error.reason);
  }
  if (posologyPartSchema.safeParse(part).success) return part;
  const fallback = unsupportedPart(base, format, source, 'unknown');
  const check = posologyPartSchema.safeParse(fallback);
  if (check.success) return fallback;
  const issue = check.error.issues[0];
  return invalid(
    [path, ...(issue?.path ?? [])].join('.'),
    issue?.message ?? 'Not a posology DoseDot can keep',
  );
}
