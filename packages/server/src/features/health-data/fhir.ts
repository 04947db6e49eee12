import type { HealthDataResponse } from '@dosedot/domain/health';

/** The OID of the Swiss social security number (AHV/AVS), as FHIR identifier system. */
export const AHV_SYSTEM = 'urn:oid:2.16.756.5.32';

const GENDER: Record<string, string> = {
  male: 'male',
  female: 'female',
  other: 'other',
  prefer_not_to_say: 'unknown',
};

type Resource = Record<string, unknown> & { resourceType: string };

const vital = (
  id: string,
  loinc: string,
  display: string,
  value: number,
  unit: string,
  code: string,
  today: string,
): Resource => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  category: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/observation-category',
          code: 'vital-signs',
          display: 'Vital Signs',
        },
      ],
    },
  ],
  code: { coding: [{ system: 'http://loinc.org', code: loinc, display }], text: display },
  subject: { reference: 'urn:uuid:patient' },
  effectiveDateTime: today,
  valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code },
});

/**
 * My Health Data as a FHIR R4 Bundle (type collection): the Patient with the AHV number as
 * identifier, an AllergyIntolerance per allergy, a Condition per chronic condition, and
 * Observations for height, weight and BMI.
 */
export function toFhirBundle(data: HealthDataResponse['data'], who: { email: string; today: string }) {
  const basic = data['basic-information'];
  const physical = data['physical-measurements'];
  const medical = data['medical-information'];
  const contact = data['emergency-contact'];
  const patient: Resource = {
    resourceType: 'Patient',
    id: 'patient',
    ...(basic?.ahv_number
      ? { identifier: [{ system: AHV_SYSTEM, value: basic.ahv_number.replace(/\./g, '') }] }
      : {}),
    telecom: [{ system: 'email', value: who.email }],
    ...(basic ? { gender: GENDER[basic.gender] ?? 'unknown', birthDate: basic.date_of_birth } : {}),
    ...(contact
      ? {
          contact: [
            {
              ...(contact.relationship ? { relationship: [{ text: contact.relationship }] } : {}),
              name: { text: contact.contact_name },
              telecom: [
                { system: 'phone', value: contact.phone },
                ...(contact.email ? [{ system: 'email', value: contact.email }] : []),
              ],
            },
          ],
        }
      : {}),
  };
  const resources: Resource[] = [patient];
  for (const [i, text] of (medical?.allergies ?? []).entries())
    resources.push({
      resourceType: 'AllergyIntolerance',
      id: `allergy-${i + 1}`,
      code: { text },
      patient: { reference: 'urn:uuid:patient' },
    });
  for (const [i, text] of (medical?.chronic_conditions ?? []).entries())
    resources.push({
      resourceType: 'Condition',
      id: `condition-${i + 1}`,
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
      },
      code: { text },
      subject: { reference: 'urn:uuid:patient' },
    });
  if (physical?.height_cm)
    resources.push(vital('height', '8302-2', 'Body height', physical.height_cm, 'cm', 'cm', who.today));
  if (physical?.weight_kg)
    resources.push(vital('weight', '29463-7', 'Body weight', physical.weight_kg, 'kg', 'kg', who.today));
  if (physical?.bmi)
    resources.push(
      vital('bmi', '39156-5', 'Body mass index (BMI) [Ratio]', physical.bmi, 'kg/m2', 'kg/m2', who.today),
    );
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: new Date().toISOString(),
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}
