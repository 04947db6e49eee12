import { ERROR_CODES } from '@dosedot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { User } from '../../db/types';
import { mailWait } from '../../lib/attempt-limiter';
import type { CounterStore } from '../../lib/counters';
import { fieldError, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { audit } from '../audit';
import { confirmEmailEmail } from './emails';
import { newConfirmationLink, sha256Hex } from './links';
import {
  adminExists,
  burnConfirmations,
  consumeConfirmation,
  findConfirmation,
  findUserByEmail,
  lockAdminGrant,
  markConfirmed,
  promoteToAdmin,
} from './queries';

export const CONFIRMATION_MESSAGES = {
  unknown: 'This confirmation link is not valid',
  expired: 'This confirmation link has expired; ask for a new one',
  used: 'This confirmation link has already been used',
} as const;

export interface ConfirmationDeps {
  db: Db;
  config: Pick<AppConfig, 'env' | 'appUrl' | 'limits'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  counters: CounterStore;
}

/**
 * E-mail confirmation, Strapi's email_confirmation flow (decision 0002). An unconfirmed user signs
 * in but gets neither My Health Data (HEALTH_DATA_EMAILS names addresses) nor the first-administrator
 * role until they open the e-mailed link.
 */
export function createConfirmationService({ db, config, mailer, log, counters }: ConfirmationDeps) {
  const { limits } = config;

  /** Writes a new single-use link and mails it (not awaited: the answer never waits on SMTP). */
  async function sendLink(user: User, now: number): Promise<void> {
    const { language, link } = await newConfirmationLink(db, config.appUrl, user.id, now);
    mailer.send({ to: user.email, ...confirmEmailEmail(language, link) }).catch((err: unknown) => {
      log.error({ err }, 'confirmation e-mail could not be sent');
    });
  }

  return {
    /** After registration: the first link. */
    sendLink: (user: User) => sendLink(user, Date.now()),

    /**
     * POST /api/auth/send-email-confirmation: a new link when the address has an unconfirmed account;
     * the same answer (and the same limits) whether or not it has one.
     */
    async resend(emailAddress: string, ip: string): Promise<void> {
      const email = emailAddress.toLowerCase();
      const now = Date.now();
      // Per client address first, then per account: a stranger cannot use up the owner's links.
      const wait = await mailWait(counters, limits, 'confirm', email, ip, now);
      if (wait > 0) throw tooManyRequests(wait);
      const user = await findUserByEmail(db, email);
      if (!user || user.blocked || user.confirmed === 1) return;
      await sendLink(user, now);
      await audit(db, {
        actorUserId: null,
        action: 'auth.confirmation_sent',
        targetType: 'user',
        targetId: user.id,
        ip,
      });
    },

    /**
     * GET /api/auth/email-confirmation: confirms the address of the link's owner. An unknown, used or
     * expired link is a 400 naming `confirmation`, and nothing is written.
     *
     * The first administrator (production only): the first account to confirm while no administrator
     * exists becomes one. Confirming proves the mailbox, so an address typed by someone else never
     * wins, and a squatter who never confirms cannot block it; concurrent confirmations are
     * serialised (lockAdminGrant), so there is only ever one.
     */
    async confirm(token: string, ip: string): Promise<User> {
      const now = Date.now();
      return inTransaction(db, async (trx) => {
        const link = await findConfirmation(trx, sha256Hex(token));
        if (!link)
          throw fieldError('confirmation', CONFIRMATION_MESSAGES.unknown, ERROR_CODES.confirmationUnknown);
        if (link.used_at !== null)
          throw fieldError('confirmation', CONFIRMATION_MESSAGES.used, ERROR_CODES.confirmationUsed);
        if (Number(link.expires_at) <= now)
          throw fieldError('confirmation', CONFIRMATION_MESSAGES.expired, ERROR_CODES.confirmationExpired);
        if (!(await consumeConfirmation(trx, link.id, now)))
          throw fieldError('confirmation', CONFIRMATION_MESSAGES.used, ERROR_CODES.confirmationUsed);
        await burnConfirmations(trx, link.user_id, now);
        let user = await markConfirmed(trx, link.user_id, now);
        let promoted = false;
        if (config.env === 'production' && user.role !== 'admin') {
          await lockAdminGrant(trx);
          if (!(await adminExists(trx))) {
            user = await promoteToAdmin(trx, user.id, now);
            promoted = true;
          }
        }
        await audit(trx, {
          actorUserId: user.id,
          action: 'auth.email_confirmed',
          targetType: 'user',
          targetId: user.id,
          details: promoted ? { firstAdministrator: true } : undefined,
          ip,
        });
        return user;
      });
    },
  };
}
