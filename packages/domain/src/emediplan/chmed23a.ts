import type { Amount, DayPattern, DoseSlot, Phase, PosologyPart, Regimen } from '../posology/model';
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
  SEGMENT_OF_INDEX,
  segmentDoses,
  segmentSlots,
  sequencePart,
  textAt,
  unsupported,
  writeParts,
} from './json';
import type { ImportedMedicine, ImportedPlan } from './plan';

/*
 * CHMED23A (IG eMediplan, chmed23a/README.md and posology.md). A posology's `po` is one of Daily
 * (four amounts: morning, noon, evening, night), FreeText, Single, Cyclic (a cycle of `cyDu`
 * `cyDuU` with a timed dosage `tdo` repeated `tdpc` times in it) or Sequence (posologies and pauses
 * of given durations; the specification's examples repeat them: '… and then repeat all over again').
 *
 * Scheduled here: Daily; Single, and Cyclic of days, weeks (with WeekDays) and months (with
 * DaysOfMonth), whose timed dosage gives clock times (Times) or day segments (DaySegments), once per
 * cycle; Sequences of those in days or weeks. Kept as text (imported as type 2): a dosage with no
 * time or day (DosageOnly), n times per cycle without saying when (tdpc > 1), a shortest interval
 * (Interval), a dose that changes while given (DosageFromTo), cycles in hours, minutes or years.
 * The specification's examples spell some fields two ways ('tdo'/'td', 'do'/'d'); both are read.
 */

const DAY = 4;
const WEEK = 5;
const MONTH = 6;

function amountOfDosage(value: unknown, path: string): Amount {
  const d = objectAt(value, path);
  switch (numberAt(d.t, `${path}.t`)) {
    case 1:
      return amountOf(numberAt(d.a, `${path}.a`) ?? 0);
    case 3:
      return amountOf(numberAt(d.aMin, `${path}.aMin`) ?? 0, numberAt(d.aMax, `${path}.aMax`) ?? undefined);
    case 2:
      return unsupported('changingDose');
    default:
      return unsupported('unknown');
  }
}

const dosageIn = (o: Json, path: string): Amount =>
  amountOfDosage(o.do ?? o.d, `${path}.${o.do === undefined ? 'd' : 'do'}`);
const timedIn = (o: Json, path: string): [unknown, string] =>
  o.tdo === undefined ? [o.td, `${path}.td`] : [o.tdo, `${path}.tdo`];

/** The slots of a Times or DaySegments timed dosage. */
function slotsOf(value: unknown, path: string): DoseSlot[] {
  const tdo = objectAt(value, path);
  const t = numberAt(tdo.t, `${path}.t`);
  if (t === 2) {
    const slots = arrayAt(tdo.ts, `${path}.ts`).map((v, i): DoseSlot => {
      const app = objectAt(v, `${path}.ts.${i}`);
      const dt = textAt(app.dt, `${path}.ts.${i}.dt`) ?? '';
      const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(dt);
      if (!m) return invalid(`${path}.ts.${i}.dt`, 'Expected a time of day hh:mm:ss');
      if (m[3] !== undefined && m[3] !== '00') unsupported('unknown');
      return { at: `${m[1]}:${m[2]}`, amount: dosageIn(app, `${path}.ts.${i}`) };
    });
    return slots.length > 0 ? slots : unsupported('noDoses');
  }
  if (t === 3) {
    const slots = arrayAt(tdo.ss, `${path}.ss`).map((v, i): DoseSlot => {
      const app = objectAt(v, `${path}.ss.${i}`);
      const segment = SEGMENT_OF_INDEX[(numberAt(app.s, `${path}.ss.${i}.s`) ?? 0) - 1];
      if (segment === undefined) return invalid(`${path}.ss.${i}.s`, 'A day segment is 1 to 4');
      return { at: segment, amount: dosageIn(app, `${path}.ss.${i}`) };
    });
    return slots.length > 0 ? slots : unsupported('noDoses');
  }
  if (t === 1) return unsupported('noTime');
  if (t === 6) return unsupported('interval');
  return unsupported('unknown');
}

const positive = (value: unknown, path: string): number => {
  const n = numberAt(value, path);
  return n !== null && Number.isInteger(n) && n > 0 ? n : unsupported('unknown');
};

function uniqueInts(value: unknown, path: string, max: number): number[] {
  const list = arrayAt(value, path).map((v, i) => numberAt(v, `${path}.${i}`));
  const ok = list.length > 0 && list.every((n) => n !== null && Number.isInteger(n) && n >= 1 && n <= max);
  return ok && new Set(list).size === list.length ? (list as number[]) : unsupported('unknown');
}

/** The regimen of a Daily, Single or Cyclic posology; `anchored`: the part or phase has a start. */
function regimenOf(value: unknown, path: string, anchored: boolean): Regimen {
  const po = objectAt(value, path);
  const t = numberAt(po.t, `${path}.t`);
  if (t === 1)
    return { days: { kind: 'daily' }, slots: segmentSlots(arrayAt(po.ds, `${path}.ds`), `${path}.ds`) };
  if (t === 3) {
    const slots = slotsOf(...timedIn(po, path));
    return anchored ? { days: { kind: 'once' }, slots } : unsupported('noStart');
  }
  if (t !== 4) return unsupported(t === 2 ? 'noTime' : 'unknown');
  const unit = numberAt(po.cyDuU, `${path}.cyDuU`);
  const n = positive(po.cyDu, `${path}.cyDu`);
  const [tdoValue, tdoPath] = timedIn(po, path);
  const tdo = objectAt(tdoValue, tdoPath);
  if (numberAt(tdo.t, `${tdoPath}.t`) === 6) unsupported('interval');
  if ((numberAt(po.tdpc, `${path}.tdpc`) ?? 1) !== 1) unsupported('perCycle');
  let days: DayPattern;
  let slots: DoseSlot[];
  if (unit === DAY) {
    slots = slotsOf(tdo, tdoPath);
    days = n === 1 ? { kind: 'daily' } : { kind: 'everyNDays', n };
  } else if (unit === WEEK || unit === MONTH) {
    const kind = numberAt(tdo.t, `${tdoPath}.t`);
    if (kind !== (unit === WEEK ? 4 : 5)) {
      slotsOf(tdo, tdoPath); // its own reason first (no time, an interval…), else: no day
      return unsupported('noTime');
    }
    slots = slotsOf(...timedIn(tdo, tdoPath));
    days =
      unit === WEEK
        ? {
            kind: 'weekdays',
            weekdays: uniqueInts(tdo.wds, `${tdoPath}.wds`, 7) as (1 | 2 | 3 | 4 | 5 | 6 | 7)[],
            everyNWeeks: n,
          }
        : { kind: 'monthDays', days: uniqueInts(tdo.doms, `${tdoPath}.doms`, 31), everyNMonths: n };
  } else return unsupported('unit');
  const needsAnchor =
    days.kind === 'everyNDays' ||
    (days.kind === 'weekdays' && days.everyNWeeks > 1) ||
    (days.kind === 'monthDays' && days.everyNMonths > 1);
  return needsAnchor && !anchored ? unsupported('noStart') : { days, slots };
}

function phasesOf(value: unknown, path: string): Phase[] {
  const phases = arrayAt(value, path).map((v, i): Phase => {
    const so = objectAt(v, `${path}.${i}`);
    const unit = numberAt(so.duU, `${path}.${i}.duU`);
    const du = positive(so.du, `${path}.${i}.du`);
    const days = unit === DAY ? du : unit === WEEK ? du * 7 : unsupported('unit');
    const t = numberAt(so.t, `${path}.${i}.t`);
    if (t === 2) return { kind: 'pause', days };
    if (t !== 1) return unsupported('unknown');
    return { kind: 'take', days, regimen: regimenOf(so.po, `${path}.${i}.po`, true) };
  });
  return phases.some((p) => p.kind === 'take') ? phases : unsupported('noDoses');
}

function partOf(value: unknown, path: string): { part: PosologyPart; instructions: string | null } {
  const pos = objectAt(value, path);
  const from = dateAt(pos.dtFrom, `${path}.dtFrom`);
  const to = dateAt(pos.dtTo, `${path}.dtTo`);
  if (from !== null && to !== null && from > to)
    invalid(`${path}.dtTo`, 'The end date is before the start date');
  const base = { from, to, inReserve: pos.inRes === true, unit: textAt(pos.unit, `${path}.unit`) };
  const instructions = textAt(pos.appInstr, `${path}.appInstr`);
  const po = objectAt(pos.po, `${path}.po`);
  const part = readPart(base, 'CHMED23A', po, path, () => {
    const t = numberAt(po.t, `${path}.po.t`);
    if (t === 2)
      return { ...base, schedule: { kind: 'freeText', text: textAt(po.text, `${path}.po.text`) ?? '' } };
    if (t === 5) {
      const phases = phasesOf(po.sos, `${path}.po.sos`);
      return from === null ? unsupported('noStart') : sequencePart(base, phases);
    }
    return regularPart(base, regimenOf(po, `${path}.po`, from !== null));
  });
  return { part, instructions };
}

function medicineOf(value: unknown, path: string): ImportedMedicine {
  const m = objectAt(value, path);
  const id = textAt(m.id, `${path}.id`) ?? invalid(`${path}.id`, 'A medicament needs its id');
  const parts = arrayAt(m.pos, `${path}.pos`).map((p, i) => partOf(p, `${path}.pos.${i}`));
  const instructions = [...new Set(parts.flatMap((p) => (p.instructions === null ? [] : [p.instructions])))];
  return {
    ...identified(id, numberAt(m.idType, `${path}.idType`), `${path}.idType`),
    reason: textAt(m.rsn, `${path}.rsn`),
    instructions: instructions.length > 0 ? instructions.join('\n') : null,
    selfMedication: m.autoMed === true,
    posology: parts.map((p) => p.part),
  };
}

/** The neutral plan of a CHMED23A medication object. Throws an EmediplanError naming the bad field. */
export function planOfChmed23a(root: unknown): ImportedPlan {
  const med = objectAt(root, '$');
  if (med.patient === undefined && med.meds === undefined)
    invalid('$', 'This is not a CHMED23A plan: no patient, no meds');
  const patient = med.patient === undefined ? {} : objectAt(med.patient, 'patient');
  return {
    format: 'CHMED23A',
    patient: {
      firstName: textAt(patient.fName, 'patient.fName'),
      lastName: textAt(patient.lName, 'patient.lName'),
      birthDate: dateAt(patient.bdt, 'patient.bdt'),
    },
    issuedAt: textAt(med.dt, 'dt'),
    remark: textAt(med.rmk, 'rmk'),
    medicines: arrayAt(med.meds, 'meds').map((m, i) => medicineOf(m, `meds.${i}`)),
  };
}

const dosageOf = (amount: Amount): Json =>
  amount.max === undefined ? { t: 1, a: amount.value } : { t: 3, aMin: amount.value, aMax: amount.max };

function timedOf(slots: readonly DoseSlot[]): Json {
  const segments = slots.map((s) => SEGMENT_OF_INDEX.indexOf(s.at as never));
  if (segments.every((i) => i >= 0)) {
    return { t: 3, ss: slots.map((s, i) => ({ s: (segments[i] as number) + 1, do: dosageOf(s.amount) })) };
  }
  if (segments.some((i) => i >= 0)) return lose('pattern');
  return { t: 2, ts: slots.map((s) => ({ dt: `${s.at}:00`, do: dosageOf(s.amount) })) };
}

function poOf(regimen: Regimen): Json {
  const { days, slots } = regimen;
  const ds = segmentDoses(regimen);
  if (ds !== null) return { t: 1, ds };
  const cyclic = (cyDuU: number, cyDu: number, tdo: Json): Json => ({ t: 4, cyDuU, cyDu, tdo, tdpc: 1 });
  switch (days.kind) {
    case 'once':
      return { t: 3, tdo: timedOf(slots) };
    case 'daily':
      return cyclic(DAY, 1, timedOf(slots));
    case 'everyNDays':
      return cyclic(DAY, days.n, timedOf(slots));
    case 'weekdays':
      return cyclic(WEEK, days.everyNWeeks, { t: 4, wds: days.weekdays, tdo: timedOf(slots) });
    case 'monthDays':
      return cyclic(MONTH, days.everyNMonths, { t: 5, doms: days.days, tdo: timedOf(slots) });
  }
}

function posOf(part: PosologyPart): Json[] {
  const s = part.schedule;
  if (s.kind === 'sequence' && !s.repeat) {
    return part.from === null
      ? lose('noStart')
      : partsOfTaper({ ...part, from: part.from }, s.phases).flatMap(posOf);
  }
  let po: Json;
  if (s.kind === 'regular') po = poOf(s.regimen);
  else if (s.kind === 'sequence') {
    po = {
      t: 5,
      sos: s.phases.map((p) =>
        p.kind === 'pause'
          ? { t: 2, duU: DAY, du: p.days }
          : { t: 1, po: poOf(p.regimen), duU: DAY, du: p.days ?? lose('pattern') },
      ),
    };
  } else if (s.unsupported?.format === 'CHMED23A') po = s.unsupported.source as Json;
  else if (s.text !== '') po = { t: 2, text: s.text };
  else return lose('freeText');
  return [compact({ dtFrom: part.from, dtTo: part.to, po, inRes: part.inReserve, unit: part.unit })];
}

/** A plan as a CHMED23A medication object, and the parts that CHMED23A cannot say. */
export function chmed23aOfPlan(
  plan: ImportedPlan,
  options: EncodeOptions = {},
): { json: Json; lost: LostPart[] } {
  const lost: LostPart[] = [];
  const meds = plan.medicines.map((m, medicine) => {
    const pos = writeParts(m.posology, medicine, lost, posOf);
    if (m.instructions !== null && pos[0] !== undefined) pos[0].appInstr = m.instructions;
    return compact({
      // A plan names a medicine by its identifier or by text, never both: the identifier when there is one.
      id: m.identifier?.value ?? m.name ?? '',
      idType: m.identifier ? ID_TYPE_OF[m.identifier.type] : 1,
      pos: pos.length > 0 ? pos : undefined,
      rsn: m.reason,
      autoMed: m.selfMedication,
    });
  });
  const json = compact({
    patient: compact({
      fName: plan.patient.firstName,
      lName: plan.patient.lastName,
      bdt: plan.patient.birthDate,
      lng: options.language,
    }),
    meds,
    medType: 1,
    auth: 2,
    dt: issuedAtOf(plan.issuedAt, options),
    rmk: plan.remark,
    id: options.id,
  });
  return { json, lost };
}
