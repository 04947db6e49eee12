import type { Kysely } from 'kysely';
import {
  AUDIT_LOG_OWNERS,
  createVersionTriggers,
  dropVersionTriggers,
} from './2026_11_26_0100_data_versions';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/** No patient: the fleet's version alone is bumped. */
const nobody = () => 'select cast(null as integer) where 1 = 0';

/**
 * An audit line bumps the fleet's data version alone, no longer the version of the patient it names
 * (migration 2026_11_26_0100 bumped both). The kept answers that read the audit log are all the
 * fleet's (a patient's access log, which names other people; the sign-ins; the patient list's last
 * sign-in), and no kept answer of a patient reads it. Bumping the patient too threw away every kept
 * answer of theirs at each read an administrator or a caregiver made of their data (each is written
 * to the access log before it is answered), and at each read of My Health Data: their adherence was
 * computed again on every such request.
 */
export async function up(db: AnyDb): Promise<void> {
  await dropVersionTriggers(db, 'audit_log');
  await createVersionTriggers(db, 'audit_log', nobody);
}

export async function down(db: AnyDb): Promise<void> {
  await dropVersionTriggers(db, 'audit_log');
  await createVersionTriggers(db, 'audit_log', AUDIT_LOG_OWNERS);
}
