import type { Db } from '../../db';
import { precompiled } from '../../db/precompiled';

/*
 * Sessions (decision 0002): a token names its session (`sid`). A session ends on its own at a logout
 * (a row here until its tokens would have expired); every session but one ends when the user's token
 * version is bumped with `kept_session` naming the survivor; every session ends when the version is
 * bumped and `kept_session` cleared.
 */

const endedSession = precompiled(
  (db, sessionId: string) =>
    db.selectFrom('ended_sessions').select('session_id').where('session_id', '=', sessionId),
  ['\u0000dosedot-session-sentinel'] as const,
);

/** True when the session was ended (every signed-in request asks, through the read cache). */
export async function isSessionEnded(db: Db, sessionId: string): Promise<boolean> {
  return (await endedSession(db, sessionId)).length > 0;
}

/** Ends one session of the user; its tokens are refused from now on. Expired rows go meanwhile. */
export async function endSession(
  db: Db,
  session: { userId: number; sessionId: string; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('ended_sessions').where('expires_at', '<', now).execute();
  await db
    .insertInto('ended_sessions')
    .values({
      session_id: session.sessionId,
      user_id: session.userId,
      expires_at: session.expiresAt,
      ended_at: now,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

/**
 * Ends every session of the user but `keep` (its tokens stay valid), or every session when `keep`
 * is null: bumps the token version. Answers the new version.
 */
export async function endOtherSessions(
  db: Db,
  userId: number,
  keep: string | null,
  now: number,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), kept_session: keep, updated_at: now }))
    .where('id', '=', userId)
    .returning(['token_version'])
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/**
 * A new password of the signed-in user: bumps the token version and keeps the caller's session,
 * so every other session ends (decision 0002). Answers the updated user.
 */
export function changePassword(db: Db, userId: number, passwordHash: string, keep: string, now: number) {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      kept_session: keep,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
