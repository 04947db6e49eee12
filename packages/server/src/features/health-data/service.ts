import {
  ageOn,
  bmiCategory,
  bmiOf,
  type HealthDataResponse,
  type HealthRecord,
  type HealthSection,
} from '@dosedot/domain/health';
import type { Db } from '../../db';
import { holdRow } from '../../db/locks';
import { inTransaction } from '../../db/transaction';
import { open, seal } from '../../lib/encryption';
import { audit } from '../audit';
import { findHealthRecord, saveHealthRecord } from './queries';

/** The record is bound to its profile: a row copied to another profile does not open. */
const associated = (profileId: number) => `health_records:${profileId}`;

/**
 * My Health Data: one record per profile, stored encrypted (AES-256-GCM, HEALTH_DATA_KEY); every
 * read and write is written to the audit log.
 */
export function createHealthDataService(db: Db, key: Buffer) {
  async function load(profileId: number): Promise<{ record: HealthRecord; updatedAt: number | null }> {
    const row = await findHealthRecord(db, profileId);
    if (!row) return { record: {}, updatedAt: null };
    return {
      record: JSON.parse(open(row, key, associated(profileId))) as HealthRecord,
      updatedAt: row.updated_at,
    };
  }

  return {
    load,

    async read(actorUserId: number, profileId: number, ip: string, action = 'health_data.read') {
      // The line and the record at once (two round trips side by side on PostgreSQL); the record is
      // answered only once its line is committed.
      const [loaded] = await Promise.all([
        load(profileId),
        audit(db, { actorUserId, action, targetType: 'profile', targetId: profileId, ip }),
      ]);
      return loaded;
    },

    async save<S extends HealthSection>(
      actorUserId: number,
      profileId: number,
      section: S,
      values: NonNullable<HealthRecord[S]>,
      ip: string,
      /** The door's record: the access log entry of a write through a session, in this transaction. */
      recordAccess: (trx: Db) => Promise<void> = async () => {},
    ) {
      await inTransaction(db, async (trx) => {
        // Two sections saved at once: each merges into the record the other wrote.
        await holdRow(trx, 'profiles', profileId);
        const row = await findHealthRecord(trx, profileId);
        const record = row ? (JSON.parse(open(row, key, associated(profileId))) as HealthRecord) : {};
        record[section] = values;
        await saveHealthRecord(trx, profileId, seal(JSON.stringify(record), key, associated(profileId)));
        await audit(trx, {
          actorUserId,
          action: 'health_data.write',
          targetType: 'profile',
          targetId: profileId,
          details: { section },
          ip,
        });
        await recordAccess(trx);
      });
      return load(profileId);
    },
  };
}

/** The record as GET /api/health-data answers it, with age and BMI computed. */
export function presentHealthData(
  record: HealthRecord,
  updatedAt: number | null,
  today: string,
): HealthDataResponse['data'] {
  const basic = record['basic-information'];
  const physical = record['physical-measurements'];
  const bmi = physical ? bmiOf(physical.height_cm, physical.weight_kg) : null;
  return {
    'basic-information': basic ? { ...basic, age: ageOn(basic.date_of_birth, today) } : null,
    'physical-measurements': physical ? { ...physical, bmi, bmi_category: bmiCategory(bmi) } : null,
    vision: record.vision ?? null,
    'medical-information': record['medical-information'] ?? null,
    'emergency-contact': record['emergency-contact'] ?? null,
    'additional-information': record['additional-information'] ?? null,
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}
