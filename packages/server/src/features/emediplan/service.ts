import type { EmediplanExport, EmediplanImportRequest, EmediplanPreview, Medicine } from '@dosedot/domain';
import {
  decodeEmediplan,
  encodeEmediplan,
  type ImportedMedicine,
  type ImportedPlan,
  type MedicineIdentifier,
  type PatientIdentity,
  planPatientMatch,
} from '@dosedot/domain/emediplan';
import { describePosology, medicineTypeOf, posologySchema, renderPhrase } from '@dosedot/domain/posology';
import { localDateOf, toLocalIso } from '@dosedot/domain/time';
import type { Db } from '../../db';
import { HttpError, validationError } from '../../lib/errors';
import type { Subject } from '../../plugins/subject';
import { createHealthDataService } from '../health-data';
import {
  createMedicineService,
  fullPosologyOf,
  listMedicines,
  scheduleOfRow,
  schedulesOf,
} from '../medicines';
import { profileOfPlan } from './queries';

/** A code the decoder refuses: 400 naming `data.code`, with the decoder's code for the web's text. */
function decoded(code: string): ImportedPlan {
  const result = decodeEmediplan(code);
  if (result.ok) return result.plan;
  const { code: reason, path, message } = result.error;
  throw codeError(reason, path === 'code' || path === '$' ? message : `${message} (${path})`);
}

const codeError = (reason: string, message: string) =>
  validationError(message, [
    { path: ['data', 'code'], message, name: 'ValidationError', code: `emediplan.${reason}` },
  ]);

const IDENTIFIER_NAMES: Record<MedicineIdentifier['type'], string> = {
  gtin: 'GTIN',
  pharmacode: 'Pharmacode',
  productNumber: 'Product number',
};

/** The name a line is created with: the patient's, else the plan's text (one line), else its identifier. */
function nameOf(medicine: ImportedMedicine, chosen: string | undefined): string {
  if (chosen) return chosen;
  const text = medicine.name?.replace(/\s+/g, ' ').trim();
  if (text) return text.slice(0, 200);
  const id = medicine.identifier;
  return id ? `${IDENTIFIER_NAMES[id.type]} ${id.value}`.slice(0, 200) : '?';
}

const clip = (text: string | null, max: number) => (text === null ? null : text.trim().slice(0, max) || null);

/**
 * A plan's medicine as DoseDot stores it: its posology checked again (a medicine without one is as
 * needed), its dates those of its parts (from the earliest start, or today when no part has one;
 * to the latest end when every part has one, else ongoing).
 */
function fieldsOf(medicine: ImportedMedicine, name: string, today: string) {
  let posology = null;
  if (medicine.posology.length > 0) {
    const checked = posologySchema.safeParse(medicine.posology);
    if (!checked.success) throw codeError('invalid', checked.error.issues[0]?.message ?? 'Invalid posology');
    posology = checked.data;
  }
  const parts = posology ?? [];
  const starts = parts.flatMap((p) => (p.from === null ? [] : [p.from])).sort();
  const ends = parts.flatMap((p) => (p.to === null ? [] : [p.to])).sort();
  const start = starts[0] ?? today;
  const last = ends.length > 0 && ends.length === parts.length ? ends[ends.length - 1] : undefined;
  return {
    name,
    type: posology ? medicineTypeOf(posology) : (2 as const),
    description: clip(medicine.instructions, 2000),
    strength: null,
    galenic_form: null,
    start_date: start,
    end_date: last !== undefined && last >= start ? last : null,
    storage_temp_min: null,
    storage_temp_max: null,
    storage_humidity_max: null,
    posology: posology ? JSON.stringify(posology) : null,
    identifier_type: medicine.identifier?.type ?? null,
    identifier_value: medicine.identifier?.value ?? null,
    note: clip(medicine.reason, 2000),
  };
}

/**
 * eMediplan in and out (issue 27, decision 0014), for the subject of the door: the preview of a
 * code, its import in one transaction, and the subject's current plan written in both formats.
 */
export function createEmediplanService(db: Db, healthDataKey: Buffer) {
  const medicines = createMedicineService(db);
  const health = createHealthDataService(db, healthDataKey);

  /**
   * The patient as a plan names them: the profile's names, and the birth date of My Health Data
   * when the subject has its grant (read, and logged, as every read of it is); else unknown. With
   * the profile's row, which the callers need too (its language).
   */
  async function identityOf(
    subject: Subject,
    ip: string,
  ): Promise<{ identity: PatientIdentity; profile: Awaited<ReturnType<typeof profileOfPlan>> }> {
    const profile = await profileOfPlan(db, subject.profileId);
    let birthDate: string | null = null;
    if (subject.healthData) {
      const { record } = await health.read(subject.actor.id, subject.profileId, ip);
      birthDate = record['basic-information']?.date_of_birth ?? null;
    }
    const identity = {
      firstName: profile.givenname || null,
      lastName: profile.familyname || null,
      birthDate,
    };
    return { identity, profile };
  }

  return {
    async preview(subject: Subject, code: string, ip: string): Promise<EmediplanPreview> {
      const plan = decoded(code);
      const { identity, profile } = await identityOf(subject, ip);
      const match = planPatientMatch(plan.patient, identity);
      const types = plan.medicines.map((m) => (m.posology.length > 0 ? medicineTypeOf(m.posology) : 2));
      const { language } = profile;
      const words = plan.medicines.map((m) =>
        describePosology(m.posology).map((part) => part.map((p) => renderPhrase(p, language)).join(' · ')),
      );
      return { plan, match, types, words };
    },

    /**
     * Creates the ticked lines, all or none. A plan that is not plainly the patient's (another name
     * or birth date, or one left out) is a 409 until the patient confirms it.
     */
    async import(subject: Subject, input: EmediplanImportRequest, ip: string): Promise<Medicine[]> {
      const plan = decoded(input.code);
      for (const [i, line] of input.lines.entries())
        if (line.index >= plan.medicines.length)
          throw validationError('The plan has no such line', [
            {
              path: ['data', 'lines', i, 'index'],
              message: 'The plan has no such line',
              name: 'ValidationError',
            },
          ]);
      const match = planPatientMatch(plan.patient, (await identityOf(subject, ip)).identity);
      if (match !== 'same' && !input.confirmPatient)
        throw new HttpError(
          409,
          'ConflictError',
          match === 'different'
            ? 'This plan is for another patient: confirm to import it anyway'
            : 'This plan does not say it is yours: confirm to import it anyway',
          { match, patient: plan.patient },
        );
      const today = localDateOf(Date.now(), subject.timezone);
      const rows = input.lines.map((line) => {
        const medicine = plan.medicines[line.index] as ImportedMedicine;
        return fieldsOf(medicine, nameOf(medicine, line.name), today);
      });
      return medicines.addImported(subject.profileId, rows, subject.record);
    },

    /**
     * The subject's current plan (every medicine not ended before today) in both formats, with the
     * patient's birth date from My Health Data under its grant (read and logged as the preview reads
     * it). Its date is when a medicine of it last changed, so the answer is the same until the plan
     * (or the patient's names or birth date) changes.
     */
    async export(subject: Subject, ip: string, now = Date.now()): Promise<EmediplanExport> {
      const { identity: patient, profile } = await identityOf(subject, ip);
      const today = localDateOf(now, subject.timezone);
      const rows = (await listMedicines(db, subject.profileId)).filter(
        (m) => m.end_date === null || m.end_date >= today,
      );
      const times = await schedulesOf(
        db,
        rows.map((m) => m.id),
      );
      const plan: ImportedPlan = {
        format: 'CHMED23A',
        patient,
        issuedAt: null,
        remark: null,
        medicines: rows.map((m) => ({
          name: m.name,
          identifier:
            m.identifier_type === null || m.identifier_value === null
              ? null
              : { type: m.identifier_type as MedicineIdentifier['type'], value: m.identifier_value },
          reason: m.note,
          instructions: m.description,
          selfMedication: false,
          posology: fullPosologyOf(
            scheduleOfRow(
              m,
              times.filter((s) => s.medicine_id === m.id).map((s) => s.dosage_time),
            ),
          ),
        })),
      };
      const changed = rows.reduce((latest, m) => Math.max(latest, Number(m.updated_at)), 0);
      const options = {
        issuedAt: toLocalIso(changed || now, subject.timezone).replace(/\.\d{3}/, ''),
        language: profile.language,
        // Where a format must write a day segment as a clock time: the patient's own time for it.
        segmentTimes: subject.segmentTimes,
      };
      return {
        medicines: rows.map((m) => ({ id: m.id, name: m.name })),
        chmed16a: encodeEmediplan(plan, 'CHMED16A', options),
        chmed23a: encodeEmediplan(plan, 'CHMED23A', options),
      };
    },
  };
}
