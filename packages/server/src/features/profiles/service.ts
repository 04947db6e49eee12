import type { Profile } from '@dosedot/domain';
import { type Db, readNow } from '../../db';
import { notFound } from '../../lib/errors';
import { createMedicineService } from '../medicines';
import { presentProfile } from './presenter';
import { findProfileByUserId } from './queries';

/** A user's profile as the API shows it: with its sensor and medicines. */
export function createProfileService(db: Db) {
  const medicines = createMedicineService(db);
  /**
   * Read on every page load: from memory until a table it read is written (db/read-cache.ts),
   * then answered at once, without a promise.
   */
  const loadNow = (userId: number): Profile | Promise<Profile> =>
    readNow(db, `profile:${userId}`, async () => {
      const row = await findProfileByUserId(db, userId);
      if (!row) throw notFound('Profile not found');
      return presentProfile(row, await medicines.list(row.id));
    });
  return { loadNow, load: async (userId: number): Promise<Profile> => loadNow(userId) };
}
