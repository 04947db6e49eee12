import {
  type ChangePasswordRequest,
  ERROR_CODES,
  isPersonalPassword,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_PERSONAL_MESSAGE,
} from '@dosedot/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { countAttempt } from '../../lib/attempt-limiter';
import type { CounterStore } from '../../lib/counters';
import { fieldError } from '../../lib/errors';
import { isCommonPassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { audit } from '../audit';
import { changePassword, endSession } from './queries';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The provided current password is invalid';

export interface SessionServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'limits'>;
  counters: CounterStore;
}

/** The signed-in caller: the user row and the session of the request's token. */
export interface SessionCaller {
  user: User;
  sessionId: string;
  tokenExpiresAt: number;
  ip: string;
}

/** Logout and password change of the signed-in user (decision 0002). */
export function createSessionService({ db, config, counters }: SessionServiceDeps) {
  const { limits } = config;
  const counterKey = (userId: number) => `change-password:${userId}`;

  return {
    /** Ends the caller's session: every token of it is refused from now on, on every server copy. */
    async logout({ user, sessionId, tokenExpiresAt, ip }: SessionCaller, now = Date.now()): Promise<void> {
      await inTransaction(db, async (trx) => {
        await endSession(trx, { userId: user.id, sessionId, expiresAt: tokenExpiresAt }, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'auth.logout',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
      });
    },

    /**
     * Strapi's change-password: the current password, and a new one by the registration's rules.
     * Every other session of the user ends; the caller's goes on. Wrong current passwords count per
     * account like wrong codes (5 in 15 minutes, then 429), so a stolen session cannot guess on.
     */
    async changePassword(
      { user, sessionId, ip }: SessionCaller,
      body: ChangePasswordRequest,
      now = Date.now(),
    ): Promise<User> {
      // Counted before the current password is checked: wrong ones sent all at once are checked no
      // more than the limit allows (lib/attempt-limiter.ts). A right one, or a new password refused
      // before the check, is taken back.
      const key = counterKey(user.id);
      await countAttempt(counters, limits, key, now);
      const refuseNew = async (message: string, code: string) => {
        await counters.undo(key, now);
        return fieldError('password', message, code);
      };
      if (isCommonPassword(body.password))
        throw await refuseNew(PASSWORD_COMMON_MESSAGE, ERROR_CODES.passwordCommon);
      if (isPersonalPassword(body.password, { email: user.email, name: user.username }))
        throw await refuseNew(PASSWORD_PERSONAL_MESSAGE, ERROR_CODES.passwordPersonal);
      if (!(await verifyPassword(body.currentPassword, user.password_hash)))
        throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
      await counters.undo(key, now);
      const passwordHash = await hashPassword(body.password);
      const updated = await inTransaction(db, async (trx) => {
        const row = await changePassword(trx, user.id, passwordHash, sessionId, now);
        await audit(trx, {
          actorUserId: user.id,
          action: 'auth.password_changed',
          targetType: 'user',
          targetId: user.id,
          ip,
        });
        return row;
      });
      await counters.reset(counterKey(user.id));
      return updated;
    },
  };
}
