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
import type { CounterStore } from '../../lib/counters';
import { fieldError, tooManyRequests } from '../../lib/errors';
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
      const count = await counters.peek(counterKey(user.id), now);
      if (count.count >= limits.loginFailuresPerAddress)
        throw tooManyRequests(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
      if (isCommonPassword(body.password))
        throw fieldError('password', PASSWORD_COMMON_MESSAGE, ERROR_CODES.passwordCommon);
      if (isPersonalPassword(body.password, { email: user.email, name: user.username }))
        throw fieldError('password', PASSWORD_PERSONAL_MESSAGE, ERROR_CODES.passwordPersonal);
      if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
        await counters.hit(counterKey(user.id), limits.windowMs, now);
        throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD_MESSAGE);
      }
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
