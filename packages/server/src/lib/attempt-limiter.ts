import type { AuthLimits } from '../config';
import type { CounterStore } from './counters';
import { tooManyRequests } from './errors';

/**
 * How many more mails of one kind an account may get in the window than one client address may
 * ask for it: the cap that keeps many addresses together from flooding a mailbox.
 */
export const ACCOUNT_MAILS_FACTOR = 3;

/**
 * Reset, confirmation and "address taken" e-mails (decision 0002): counted per client address and
 * account first (resetMailsPerAccount), and only what an address was allowed counts for the
 * account as a whole (ACCOUNT_MAILS_FACTOR times that). A stranger flooding from one address uses
 * up only that address's share; the owner asking from another address still gets the mail. Counted
 * before anything is looked up (one atomic hit per key, shared by every server copy on PostgreSQL),
 * and the same whether or not the address has an account.
 *
 * Answers the seconds to wait, or 0 when the mail may go.
 */
export async function mailWait(
  counters: CounterStore,
  limits: Pick<AuthLimits, 'resetMailsPerAccount' | 'windowMs'>,
  kind: 'reset' | 'confirm' | 'register',
  email: string,
  ip: string,
  now = Date.now(),
): Promise<number> {
  const wait = (resetAt: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));
  const fromHere = await counters.hit(`${kind}-mail:${email}|${ip}`, limits.windowMs, now);
  if (fromHere.count > limits.resetMailsPerAccount) return wait(fromHere.resetAt);
  const account = await counters.hit(`${kind}-mail:${email}`, limits.windowMs, now);
  if (account.count > limits.resetMailsPerAccount * ACCOUNT_MAILS_FACTOR) return wait(account.resetAt);
  return 0;
}

/**
 * A limit of wrong attempts per key (wrong codes, wrong current passwords: loginFailuresPerAddress
 * in the window). The attempt is counted before it is checked, one atomic hit, so attempts sent all
 * at once are counted one by one and no more than the limit are ever checked, as the sign-in's
 * admit does (auth/service.ts). Past the limit the hit is taken back and the attempt refused (429).
 * An attempt that turns out right, or is refused before its check for another reason, takes its
 * hit back (counters.undo); a wrong one leaves it counted.
 */
export async function countAttempt(
  counters: CounterStore,
  limits: Pick<AuthLimits, 'loginFailuresPerAddress' | 'windowMs'>,
  key: string,
  now = Date.now(),
): Promise<void> {
  const count = await counters.hit(key, limits.windowMs, now);
  if (count.count <= limits.loginFailuresPerAddress) return;
  await counters.undo(key, now);
  throw tooManyRequests(Math.max(1, Math.ceil((count.resetAt - now) / 1000)));
}
