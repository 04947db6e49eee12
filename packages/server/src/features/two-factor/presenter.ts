import type { SignInEntry, SignInOutcome } from '@dosedot/domain';
import type { AuditRow } from './sign-ins';

/** The audit actions that make up the sign-in list, and the outcome each one shows. */
export const SIGN_IN_ACTIONS: Record<string, SignInOutcome> = {
  'auth.login': 'success',
  'auth.login_failed': 'failure',
  'auth.2fa_failed': 'failure',
  'auth.login_challenge': 'challenge',
};

export const actionsOf = (outcome: SignInOutcome | undefined) =>
  Object.entries(SIGN_IN_ACTIONS)
    .filter(([, o]) => outcome === undefined || o === outcome)
    .map(([action]) => action);

const readDetails = (details: string | null): Record<string, unknown> => {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * How the first step was passed, and the second when there was one: 'password', 'password+totp',
 * 'oidc:<provider>+totp'… The provider sign-in writes method 'oidc' with the provider beside it.
 * Lines written before methods were recorded are password sign-ins.
 */
function methodOf(action: string, details: Record<string, unknown>): string {
  const method = text(details.method) ?? 'password';
  const provider = text(details.provider);
  const first = method === 'oidc' && provider ? `oidc:${provider}` : method;
  // A wrong code at the second step names the first step's method only: the code tells which second.
  if (action === 'auth.2fa_failed' && !first.includes('+')) {
    if (details.reason === 'code') return `${first}+totp`;
    if (details.reason === 'recovery_code') return `${first}+recovery_code`;
  }
  return first;
}

/** One audit line as the admin's sign-in list shows it. */
export function presentSignIn(
  row: AuditRow,
  users: Map<number, { id: number; username: string; email: string; role: string; timezone: string | null }>,
): SignInEntry {
  const details = readDetails(row.details);
  const userId = row.target_type === 'user' && row.target_id !== null ? Number(row.target_id) : undefined;
  const user = userId === undefined ? undefined : users.get(userId);
  const failed = SIGN_IN_ACTIONS[row.action] === 'failure';
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    outcome: SIGN_IN_ACTIONS[row.action] ?? 'failure',
    method: methodOf(row.action, details),
    reason: failed ? (text(details.reason) ?? 'password') : null,
    ip: row.ip,
    // An account's address, or the one a provider named; never what was typed into the e-mail field
    // for no account (it may be a password typed in the wrong field; older lines still hold it).
    email: user?.email ?? (details.method === 'oidc' ? text(details.email) : null),
    user: user ? { id: user.id, username: user.username, role: user.role, timezone: user.timezone } : null,
  };
}
