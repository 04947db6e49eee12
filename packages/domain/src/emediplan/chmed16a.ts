import { weekdayOf } from '../posology/expand';
import type { DoseSlot, Phase, PosologyPart, Regimen, SegmentTimes } from '../posology/model';
import { DEFAULT_SEGMENT_TIMES } from '../posology/model';
import { dayNumberOf } from '../time/dates';
import {
  amountOf,
  arrayAt,
  compact,
  dateAt,
  type EncodeOptions,
  ID_TYPE_OF,
  identified,
  invalid,
  issuedAtOf,
  type Json,
  type LostPart,
  lose,
  numberAt,
  objectAt,
  partsOfTaper,
  readPart,
  regularPart,
  secondsOfWallTime,
  segmentDoses,
  segmentSlots,
  sequencePart,
  textAt,
  unsupported,
  wallTimeOfSeconds,
  writeParts,
} from './json';
import type { ImportedMedicine, ImportedPlan } from './plan';

/*
 * CHMED16A (IG eMediplan, chmed16a/README.md). A posology (`Pos`) gives its doses either as `D`,
 * four amounts for morning, noon, evening and night, or as taking times `TT`: an offset in seconds
 * after the start of a cycle of `CyDu` seconds (one day by default) that begins at `DtFrom` 00:00.
 * A cycle of whole days maps to every day, every N days, weekdays every N weeks (a 7N-day cycle
 * with the same doses on each day of its first week that takes) or a repeated sequence (runs of
 * days with the same doses, and pauses); anything else (cycles in hours, a dose that changes while
 * it is given, no doses at all) is kept as it is and imported as text.
 */

const DAY_SECONDS = 86_400;

const sameSlots = (a: readonly DoseSlot[], b: readonly DoseSlot[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

function takingTimesPart(base: Omit<PosologyPart, 'schedule'>, pos: Json, path: string): PosologyPart {
  const cycle = numberAt(pos.CyDu, `${path}.CyDu`) ?? DAY_SECONDS;
  if (cycle <= 0 || cycle % DAY_SECONDS !== 0 || cycle > 366 * DAY_SECONDS) unsupported('unit');
  const days = cycle / DAY_SECONDS;
  const byDay = new Map<number, DoseSlot[]>();
  arrayAt(pos.TT, `${path}.TT`).forEach((value, i) => {
    const at = `${path}.TT.${i}`;
    const tt = objectAt(value, at);
    const offset = numberAt(tt.Off, `${at}.Off`) ?? invalid(`${at}.Off`, 'A taking time needs its offset');
    if (offset < 0 || offset >= cycle) unsupported('unknown');
    const from = numberAt(tt.DoFrom, `${at}.DoFrom`);
    const to = numberAt(tt.DoTo, `${at}.DoTo`);
    if (from !== null && to !== null && to !== from) unsupported('changingDose');
    const amount = from ?? numberAt(tt.A, `${at}.A`);
    if (amount === null || amount === 0) return;
    const day = Math.floor(offset / DAY_SECONDS);
    const slots = byDay.get(day) ?? [];
    slots.push({ at: wallTimeOfSeconds(offset % DAY_SECONDS), amount: amountOf(amount) });
    byDay.set(day, slots);
  });
  const taking = [...byDay.keys()].sort((a, b) => a - b);
  const first = byDay.get(taking[0] ?? 0);
  if (first === undefined) return unsupported('noDoses');
  if (days === 1) return regularPart(base, { days: { kind: 'daily' }, slots: first });
  if (base.from === null) return unsupported('noStart');
  if (taking.length === 1 && taking[0] === 0) {
    return regularPart(base, { days: { kind: 'everyNDays', n: days }, slots: first });
  }
  const start = dayNumberOf(base.from);
  if (days % 7 === 0 && taking.every((d) => d < 7 && sameSlots(byDay.get(d) ?? [], first))) {
    const weekdays = taking.map((d) => weekdayOf(start + d) as 1 | 2 | 3 | 4 | 5 | 6 | 7);
    return regularPart(base, { days: { kind: 'weekdays', weekdays, everyNWeeks: days / 7 }, slots: first });
  }
  const phases: Phase[] = [];
  for (let d = 0; d < days; d++) {
    const slots = byDay.get(d);
    const last = phases.at(-1);
    if (slots && last?.kind === 'take' && last.days !== null && sameSlots(last.regimen.slots, slots))
      last.days += 1;
    else if (slots) phases.push({ kind: 'take', days: 1, regimen: { days: { kind: 'daily' }, slots } });
    else if (last?.kind === 'pause') last.days += 1;
    else phases.push({ kind: 'pause', days: 1 });
  }
  return sequencePart(base, phases);
}

function partOf(value: unknown, path: string, unit: string | null): PosologyPart {
  const pos = objectAt(value, path);
  const from = dateAt(pos.DtFrom, `${path}.DtFrom`);
  const to = dateAt(pos.DtTo, `${path}.DtTo`);
  if (from !== null && to !== null && from > to)
    invalid(`${path}.DtTo`, 'The end date is before the start date');
  const base = { from, to, inReserve: numberAt(pos.InRes, `${path}.InRes`) === 1, unit };
  return readPart(base, 'CHMED16A', pos, path, () => {
    if (arrayAt(pos.TT, `${path}.TT`).length > 0) return takingTimesPart(base, pos, path);
    const slots = segmentSlots(arrayAt(pos.D, `${path}.D`), `${path}.D`);
    return regularPart(base, { days: { kind: 'daily' }, slots });
  });
}

function medicineOf(value: unknown, path: string): ImportedMedicine {
  const m = objectAt(value, path);
  const id = textAt(m.Id, `${path}.Id`) ?? invalid(`${path}.Id`, 'A medicament needs its Id');
  const unit = textAt(m.Unit, `${path}.Unit`);
  return {
    ...identified(id, numberAt(m.IdType, `${path}.IdType`), `${path}.IdType`),
    reason: textAt(m.TkgRsn, `${path}.TkgRsn`),
    instructions: textAt(m.AppInstr, `${path}.AppInstr`),
    selfMedication: numberAt(m.AutoMed, `${path}.AutoMed`) === 1,
    posology: arrayAt(m.Pos, `${path}.Pos`).map((p, i) => partOf(p, `${path}.Pos.${i}`, unit)),
  };
}

/** The neutral plan of a CHMED16A medication object. Throws an EmediplanError naming the bad field. */
export function planOfChmed16a(root: unknown): ImportedPlan {
  const med = objectAt(root, '$');
  if (med.Patient === undefined && med.Medicaments === undefined) {
    invalid('$', 'This is not a CHMED16A plan: no Patient, no Medicaments');
  }
  const patient = med.Patient === undefined ? {} : objectAt(med.Patient, 'Patient');
  return {
    format: 'CHMED16A',
    patient: {
      firstName: textAt(patient.FName, 'Patient.FName'),
      lastName: textAt(patient.LName, 'Patient.LName'),
      birthDate: dateAt(patient.BDt, 'Patient.BDt'),
    },
    issuedAt: textAt(med.Dt, 'Dt'),
    remark: textAt(med.Rmk, 'Rmk'),
    medicines: arrayAt(med.Medicaments, 'Medicaments').map((m, i) => medicineOf(m, `Medicaments.${i}`)),
  };
}

function dayOffsets(regimen: Regimen, from: string | null): number[] {
  const days = regimen.days;
  if (days.kind === 'daily' || days.kind === 'once' || days.kind === 'everyNDays') return [0];
  if (days.kind === 'monthDays') return lose('monthDays');
  if (from === null) return lose('noStart');
  const start = weekdayOf(dayNumberOf(from));
  return days.weekdays.map((wd) => (wd - start + 7) % 7).sort((a, b) => a - b);
}

function cycleDays(regimen: Regimen): number {
  const days = regimen.days;
  if (days.kind === 'everyNDays') return days.n;
  if (days.kind === 'weekdays') return 7 * days.everyNWeeks;
  return 1;
}

function takingTimes(
  slots: readonly DoseSlot[],
  day: number,
  inReserve: boolean,
  times: SegmentTimes,
): Json[] {
  return slots.map((slot) => {
    if (slot.amount.max !== undefined) lose('range');
    const time = (times as Record<string, string>)[slot.at] ?? slot.at;
    const Off = day * DAY_SECONDS + secondsOfWallTime(time);
    return inReserve ? { Off, A: slot.amount.value } : { Off, DoFrom: slot.amount.value };
  });
}

function posOfRegimen(base: Json, part: PosologyPart, regimen: Regimen, times: SegmentTimes): Json {
  const D = segmentDoses(regimen);
  if (D !== null) return { ...base, D };
  const cycle = cycleDays(regimen);
  const TT = dayOffsets(regimen, part.from).flatMap((day) =>
    takingTimes(regimen.slots, day, part.inReserve, times),
  );
  const once = regimen.days.kind === 'once' ? { DtTo: part.from } : {};
  return { ...base, ...once, ...(cycle === 1 ? {} : { CyDu: cycle * DAY_SECONDS }), TT };
}

function posOf(part: PosologyPart, times: SegmentTimes): Json[] {
  const s = part.schedule;
  if (s.kind === 'freeText')
    return s.unsupported?.format === 'CHMED16A' ? [s.unsupported.source as Json] : lose('freeText');
  const base: Json = {
    ...(part.from === null ? {} : { DtFrom: part.from }),
    ...(part.to === null ? {} : { DtTo: part.to }),
    ...(part.inReserve ? { InRes: 1 } : {}),
  };
  if (s.kind === 'regular') return [posOfRegimen(base, part, s.regimen, times)];
  if (part.from === null) return lose('noStart');
  if (!s.repeat) return partsOfTaper({ ...part, from: part.from }, s.phases).flatMap((p) => posOf(p, times));
  let day = 0;
  const TT: Json[] = [];
  for (const phase of s.phases) {
    const length = phase.days ?? 0;
    if (phase.kind === 'take') {
      if (phase.regimen.days.kind !== 'daily') lose('pattern');
      for (let d = 0; d < length; d++)
        TT.push(...takingTimes(phase.regimen.slots, day + d, part.inReserve, times));
    }
    day += length;
  }
  if (day > 366) lose('tooLong');
  return [{ ...base, CyDu: day * DAY_SECONDS, TT }];
}

/** A plan as a CHMED16A medication object, and the parts that CHMED16A cannot say. */
export function chmed16aOfPlan(
  plan: ImportedPlan,
  options: EncodeOptions = {},
): { json: Json; lost: LostPart[] } {
  const lost: LostPart[] = [];
  const times = options.segmentTimes ?? DEFAULT_SEGMENT_TIMES;
  const Medicaments = plan.medicines.map((m, medicine) => {
    // CHMED16A has one unit a medicament: a part in another unit cannot be written.
    const unit = m.posology[0]?.unit ?? null;
    const Pos = writeParts(m.posology, medicine, lost, (part) =>
      part.unit === unit ? posOf(part, times) : lose('unit'),
    );
    return compact({
      // A plan names a medicine by its identifier or by text, never both: the identifier when there is one.
      Id: m.identifier?.value ?? m.name ?? '',
      IdType: m.identifier ? ID_TYPE_OF[m.identifier.type] : 1,
      Pos: Pos.length > 0 ? Pos : undefined,
      Unit: unit,
      TkgRsn: m.reason,
      AppInstr: m.instructions,
      AutoMed: m.selfMedication ? 1 : 0,
    });
  });
  const json = compact({
    Patient: compact({
      FName: plan.patient.firstName,
      LName: plan.patient.lastName,
      BDt: plan.patient.birthDate,
      Lng: options.language,
    }),
    Medicaments,
    MedType: 1,
    Id: options.id ?? 'dosedot',
    Auth: 'patient',
    Dt: issuedAtOf(plan.issuedAt, options),
    Rmk: plan.remark,
  });
  return { json, lost };
}
