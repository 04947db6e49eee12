import { createHash } from 'node:crypto';
import type { HealthDataResponse } from '@dosedot/domain/health';
import { fhirDosageOf, type PosologyPart } from '@dosedot/domain/posology';
import type { Medicine } from '../../db/types';

/** The OID of the Swiss social security number (AHV/AVS), as FHIR identifier system. */
export const AHV_SYSTEM = 'urn:oid:2.16.756.5.32';

const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const UCUM = 'http://unitsofmeasure.org';

const GENDER: Record<string, string> = {
  male: 'male',
  female: 'female',
  other: 'other',
  prefer_not_to_say: 'unknown',
};

/** SNOMED CT findings for the ABO and Rh(D) groups ('unknown' is sent as text only). */
const BLOOD_GROUP: Record<string, { code: string; display: string }> = {
  'A+': { code: '278149003', display: 'Blood group A Rh(D) positive' },
  'A-': { code: '278152006', display: 'Blood group A Rh(D) negative' },
  'B+': { code: '278150003', display: 'Blood group B Rh(D) positive' },
  'B-': { code: '278153001', display: 'Blood group B Rh(D) negative' },
  'AB+': { code: '278151004', display: 'Blood group AB Rh(D) positive' },
  'AB-': { code: '278154007', display: 'Blood group AB Rh(D) negative' },
  'O+': { code: '278147001', display: 'Blood group O Rh(D) positive' },
  'O-': { code: '278148006', display: 'Blood group O Rh(D) negative' },
};

type Resource = Record<string, unknown> & { resourceType: string; id: string };

/** What the Bundle is made of: the patient, My Health Data (when there is a record) and the medicines. */
export interface FhirInput {
  patient: { profileuid: string; givenname: string; familyname: string; email: string };
  health: HealthDataResponse['data'] | null;
  medicines: (Pick<
    Medicine,
    'id' | 'name' | 'type' | 'description' | 'strength' | 'galenic_form' | 'start_date' | 'end_date'
  > & {
    /** Dosage times, 'HH:MM:SS(.sss)' local wall-clock times. */
    times: string[];
    /** The posology of a medicine that has one (decision 0014): its Dosage elements come from it. */
    posology?: readonly PosologyPart[] | null;
  })[];
  /** The patient's local date today ('YYYY-MM-DD'): a medicine that ended before it is completed. */
  today: string;
  now?: number;
}

/**
 * A name-based UUID (RFC 9562 version 5, SHA-1) of one thing of the patient within their profile's
 * uid: the same resource has the same `urn:uuid:` in every export, and two patients never share one.
 */
function nameUuid(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const coding = (system: string, code: string, display?: string) => ({
  coding: [{ system, code, ...(display ? { display } : {}) }],
});

/**
 * Everything DoseDot holds about a patient that FHIR R4 has a resource for, as a Bundle of type
 * collection: the Patient (name, birth date, gender, the AHV number as identifier, e-mail),
 * Observations (height, weight and BMI as vital signs, the blood group), an AllergyIntolerance per
 * allergy, a Condition per chronic condition, the emergency contact as RelatedPerson and a
 * MedicationStatement per medicine. Every entry's fullUrl is the `urn:uuid:` of its resource's id,
 * and the references between them use those fullUrls.
 */
export function toFhirBundle(input: FhirInput) {
  const { patient: who, health, today } = input;
  const now = input.now ?? Date.now();
  const uuid = (name: string) => nameUuid(who.profileuid, name);
  const patientId = uuid('Patient');
  const subject = { reference: `urn:uuid:${patientId}` };
  const basic = health?.['basic-information'] ?? null;
  const physical = health?.['physical-measurements'] ?? null;
  const medical = health?.['medical-information'] ?? null;
  const contact = health?.['emergency-contact'] ?? null;
  // Measurements and answers count from when the patient last saved them.
  const recorded = health?.updatedAt ?? new Date(now).toISOString();

  const name = {
    use: 'official',
    text: `${who.givenname} ${who.familyname}`.trim(),
    ...(who.familyname ? { family: who.familyname } : {}),
    ...(who.givenname ? { given: [who.givenname] } : {}),
  };
  const resources: Resource[] = [
    {
      resourceType: 'Patient',
      id: patientId,
      ...(basic?.ahv_number
        ? {
            identifier: [
              {
                use: 'official',
                system: AHV_SYSTEM,
                value: basic.ahv_number.replace(/\D/g, ''),
              },
            ],
          }
        : {}),
      ...(name.text ? { name: [name] } : {}),
      telecom: [{ system: 'email', value: who.email }],
      ...(basic ? { gender: GENDER[basic.gender] ?? 'unknown', birthDate: basic.date_of_birth } : {}),
    },
  ];

  const observation = (
    key: string,
    category: 'vital-signs' | 'laboratory',
    code: { code: string; display: string },
    value: Record<string, unknown>,
  ) =>
    resources.push({
      resourceType: 'Observation',
      id: uuid(`Observation/${key}`),
      status: 'final',
      category: [coding('http://terminology.hl7.org/CodeSystem/observation-category', category)],
      code: { ...coding(LOINC, code.code, code.display), text: code.display },
      subject,
      effectiveDateTime: recorded,
      ...value,
    });
  const quantity = (value: number, unit: string) => ({
    valueQuantity: { value, unit, system: UCUM, code: unit },
  });
  if (physical?.height_cm)
    observation(
      'height',
      'vital-signs',
      { code: '8302-2', display: 'Body height' },
      quantity(physical.height_cm, 'cm'),
    );
  if (physical?.weight_kg)
    observation(
      'weight',
      'vital-signs',
      { code: '29463-7', display: 'Body weight' },
      quantity(physical.weight_kg, 'kg'),
    );
  if (physical?.bmi)
    observation(
      'bmi',
      'vital-signs',
      { code: '39156-5', display: 'Body mass index (BMI) [Ratio]' },
      quantity(physical.bmi, 'kg/m2'),
    );
  if (basic?.blood_type) {
    const group = BLOOD_GROUP[basic.blood_type];
    observation(
      'blood-type',
      'laboratory',
      { code: '882-1', display: 'ABO and Rh group [Type] in Blood' },
      {
        valueCodeableConcept: group
          ? { ...coding(SNOMED, group.code, group.display), text: basic.blood_type }
          : { text: basic.blood_type },
      },
    );
  }

  for (const [i, text] of (medical?.allergies ?? []).entries())
    resources.push({
      resourceType: 'AllergyIntolerance',
      id: uuid(`AllergyIntolerance/${i}/${text}`),
      clinicalStatus: coding('http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', 'active'),
      code: { text },
      patient: subject,
    });
  for (const [i, text] of (medical?.chronic_conditions ?? []).entries())
    resources.push({
      resourceType: 'Condition',
      id: uuid(`Condition/${i}/${text}`),
      clinicalStatus: coding('http://terminology.hl7.org/CodeSystem/condition-clinical', 'active'),
      code: { text },
      subject,
    });
  if (contact)
    resources.push({
      resourceType: 'RelatedPerson',
      id: uuid('RelatedPerson/emergency-contact'),
      patient: subject,
      relationship: [
        {
          ...coding('http://terminology.hl7.org/CodeSystem/v2-0131', 'C', 'Emergency Contact'),
          ...(contact.relationship ? { text: contact.relationship } : {}),
        },
      ],
      name: [{ text: contact.contact_name }],
      telecom: [
        { system: 'phone', value: contact.phone },
        ...(contact.email ? [{ system: 'email', value: contact.email }] : []),
      ],
    });

  for (const m of input.medicines) {
    const ended = m.end_date !== null && m.end_date < today;
    const times = [...new Set(m.times.map((t) => t.slice(0, 8)))].sort();
    resources.push({
      resourceType: 'MedicationStatement',
      id: uuid(`MedicationStatement/${m.id}`),
      status: ended ? 'completed' : 'active',
      medicationCodeableConcept: {
        text: [m.name, m.strength, m.galenic_form].filter((part) => part).join(', '),
      },
      subject,
      effectivePeriod: { start: m.start_date, ...(m.end_date ? { end: m.end_date } : {}) },
      dateAsserted: new Date(now).toISOString(),
      informationSource: subject,
      ...(m.description ? { note: [{ text: m.description }] } : {}),
      dosage: m.posology
        ? fhirDosageOf(m.posology)
        : m.type === 2
          ? [{ text: 'As needed', asNeededBoolean: true }]
          : [
              {
                text: times.length > 0 ? `Daily at ${times.map((t) => t.slice(0, 5)).join(', ')}` : 'Daily',
                ...(times.length > 0
                  ? {
                      timing: {
                        repeat: { frequency: times.length, period: 1, periodUnit: 'd', timeOfDay: times },
                      },
                    }
                  : {}),
              },
            ],
    });
  }

  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: new Date(now).toISOString(),
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}
