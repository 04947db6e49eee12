import {
  type Role,
  TOTP_CODE_MESSAGE,
  type UserActionRefusal,
  type UserAdminAction,
  type UserUpdateRequest,
} from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { mailWait } from '../../lib/attempt-limiter';
import type { CounterStore } from '../../lib/counters';
import { fieldError, HttpError, notFound, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { audit } from '../audit';
import {
  confirmEmailEmail,
  findUserById,
  lockAdminGrant,
  newConfirmationLink,
  newResetLink,
  resetPasswordEmail,
} from '../auth';
import { findProfileByUser } from '../profiles';
import { createTwoFactorService } from '../two-factor';
import { countOtherActiveAdmins, setBlocked, setRole } from './queries';

export const USER_NOT_FOUND_MESSAGE = 'User not found';

/** What the administrator is told for each refusal (the web shows its own words for the reason). */
export const REFUSAL_MESSAGES: Record<UserActionRefusal, string> = {
  self_block: 'You cannot block your own account',
  last_admin: 'This is the last administrator who can sign in: make another user an administrator first',
  holds_box: 'This user holds a box: only patients hold boxes, so unassign it first',
  two_factor_required:
    'Turn on two-step sign-in first: a role change asks for a code from your authenticator app',
  blocked: 'This account is blocked: unblock it first',
  already_confirmed: 'This e-mail address is already confirmed',
};

/**
 * A refused action: 409 (403 for the missing second factor), the reason in details.reason and as
 * the code of an error naming the field the refusal is about.
 */
function refused(field: string, reason: UserActionRefusal): HttpError {
  const message = REFUSAL_MESSAGES[reason];
  const status = reason === 'two_factor_required' ? 403 : 409;
  return new HttpError(status, status === 403 ? 'ForbiddenError' : 'ConflictError', message, {
    reason,
    errors: [{ path: [field], message, name: 'ConflictError', code: reason }],
  });
}

export interface UserAdminDeps {
  db: Db;
  config: Pick<AppConfig, 'appUrl' | 'limits' | 'healthDataKey' | 'requireAdmin2fa'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  counters: CounterStore;
}

/** The acting administrator: their row and the request's client address. */
export interface Actor {
  user: User;
  ip: string;
}

const ROLE_ACTION: Record<Role, UserAdminAction> = { admin: 'user.made_admin', basic: 'user.made_patient' };

/**
 * An administrator's actions on a user (issue 24 item 8): block and unblock, a role change (with
 * the actor's second factor, never leaving no administrator), a password reset mail and a new
 * confirmation link. Each change and its audit line commit together; the user reads the audit lines
 * in their access log.
 */
export function createUserAdminService({ db, config, mailer, log, counters }: UserAdminDeps) {
  const twoFactor = createTwoFactorService({ db, config, counters, mailer, log });

  async function target(id: number, trx: Db = db): Promise<User> {
    const user = await findUserById(trx, id);
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    return user;
  }

  const record = (
    trx: Db,
    actor: Actor,
    user: User,
    action: UserAdminAction,
    details?: Record<string, unknown>,
  ) =>
    audit(trx, {
      actorUserId: actor.user.id,
      action,
      targetType: 'user',
      targetId: user.id,
      details: { email: user.email, ...details },
      ip: actor.ip,
    });

  /** Mails wait their turn like the user's own requests: a mailbox is not flooded from the console. */
  async function mayMail(kind: 'reset' | 'confirm', user: User, actor: Actor, now: number) {
    const wait = await mailWait(counters, config.limits, kind, user.email, actor.ip, now);
    if (wait > 0) throw tooManyRequests(wait);
  }

  /** Mails once the change is committed, without making the administrator wait for the mail server. */
  function send(to: string, mail: { subject: string; text: string }, what: string): void {
    mailer
      .send({ to, ...mail })
      .catch((err: unknown) => log.error({ err }, `${what} e-mail could not be sent`));
  }

  return {
    /**
     * PUT /api/users/{id}: `blocked` and/or `role`. A role change asks for a current code of the
     * actor's authenticator app (403 two_factor_required without two-step sign-in); nobody blocks
     * themselves; the last administrator who can sign in is neither demoted nor blocked; only a
     * user without a box becomes an administrator. A value the user has already changes nothing
     * and writes no audit line.
     */
    async update(actor: Actor, id: number, body: UserUpdateRequest, now = Date.now()): Promise<User> {
      const before = await target(id);
      const roleChange = body.role !== undefined && body.role !== before.role;
      if (body.blocked === true && before.id === actor.user.id) throw refused('blocked', 'self_block');
      if (roleChange) {
        if (actor.user.two_factor !== 1) throw refused('role', 'two_factor_required');
        if (body.code === undefined) throw fieldError('code', TOTP_CODE_MESSAGE);
        await twoFactor.requireCode(actor.user, body.code, now);
      }
      return inTransaction(db, async (trx) => {
        // Role changes and blocks of administrators are serialised: two administrators demoting
        // each other at once cannot leave none (the lock of the first administrator's grant).
        await lockAdminGrant(trx);
        let user = await target(id, trx);
        const demoted = roleChange && body.role === 'basic';
        const blocking = body.blocked === true && user.blocked !== 1;
        if (user.role === 'admin' && user.blocked !== 1 && (demoted || blocking))
          if ((await countOtherActiveAdmins(trx, user.id)) === 0)
            throw refused(demoted ? 'role' : 'blocked', 'last_admin');
        if (roleChange && body.role === 'admin' && (await findProfileByUser(trx, user.id))?.sensor_id != null)
          throw refused('role', 'holds_box');
        if (body.blocked !== undefined && body.blocked !== (user.blocked === 1)) {
          user = await setBlocked(trx, user.id, body.blocked, now);
          await record(trx, actor, user, body.blocked ? 'user.blocked' : 'user.unblocked');
        }
        if (roleChange && body.role !== undefined && body.role !== user.role) {
          const previous = user.role;
          user = await setRole(trx, user.id, body.role, now);
          await record(trx, actor, user, ROLE_ACTION[body.role], { previousRole: previous, role: body.role });
        }
        return user;
      });
    },

    /** POST /api/users/{id}/send-password-reset: the mail of forgot-password, with a new single-use link. */
    async sendPasswordReset(actor: Actor, id: number, now = Date.now()): Promise<User> {
      const user = await target(id);
      if (user.blocked === 1) throw refused('id', 'blocked');
      await mayMail('reset', user, actor, now);
      const { language, link } = await inTransaction(db, async (trx) => {
        const made = await newResetLink(trx, config.appUrl, user.id, now);
        await record(trx, actor, user, 'user.password_reset_sent');
        return made;
      });
      send(user.email, resetPasswordEmail(language, link), 'password reset');
      return user;
    },

    /** POST /api/users/{id}/send-email-confirmation: a new confirmation link, for an unconfirmed address. */
    async resendConfirmation(actor: Actor, id: number, now = Date.now()): Promise<User> {
      const user = await target(id);
      if (user.blocked === 1) throw refused('id', 'blocked');
      if (user.confirmed === 1) throw refused('id', 'already_confirmed');
      await mayMail('confirm', user, actor, now);
      const { language, link } = await inTransaction(db, async (trx) => {
        const made = await newConfirmationLink(trx, config.appUrl, user.id, now);
        await record(trx, actor, user, 'user.confirmation_sent');
        return made;
      });
      send(user.email, confirmEmailEmail(language, link), 'confirmation');
      return user;
    },
  };
}
