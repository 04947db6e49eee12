import type { Db } from '../../db';

/** What a plan says of its patient, and the language it is written in. */
export function profileOfPlan(db: Db, profileId: number) {
  return db
    .selectFrom('profiles')
    .select(['givenname', 'familyname', 'language'])
    .where('id', '=', profileId)
    .executeTakeFirstOrThrow();
}
