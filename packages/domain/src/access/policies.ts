import type { Role } from '../constants';

/** What the rules need to know of a signed-in user: the role and the health-data grant. */
export interface Principal {
  role: Role;
  /** The user's e-mail is listed in HEALTH_DATA_EMAILS (the server decides, the web reads meta.healthData). */
  healthData: boolean;
}

/**
 * Who may do what (spec section 6). The server enforces these on every route through its access
 * scopes; the web app reads the same map for menus and redirects.
 */
export const POLICIES = {
  /** Any signed-in user: own profile, own medicines, own charts. */
  signedIn: (_p: Principal) => true,
  /** Devices and Users: the patient list, impersonation, sensor assignment. */
  admin: (p: Principal) => p.role === 'admin',
  /** My Health Data: only the users the server lists. */
  healthData: (p: Principal) => p.healthData,
  /** Cumulative Chart is a patient's chart; the admin menu does not show it. */
  cumulativeChart: (p: Principal) => p.role !== 'admin' || p.healthData,
} as const satisfies Record<string, (p: Principal) => boolean>;

export type Policy = keyof typeof POLICIES;

/** True when the user exists and the policy lets them in. */
export const allows = (principal: Principal | null | undefined, policy: Policy): boolean =>
  !!principal && POLICIES[policy](principal);

/**
 * The health-data grant of an address against the configured list (compared lower-case), only once
 * its owner has confirmed the address: the list names addresses, so whoever registered one first
 * must prove the mailbox is theirs (decision 0002).
 */
export const hasHealthDataAccess = (
  email: string,
  healthDataEmails: readonly string[],
  confirmed: boolean,
): boolean => confirmed && healthDataEmails.includes(email.toLowerCase());
