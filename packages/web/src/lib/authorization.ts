import type { AuthUser } from '@dosedot/domain';

/**
 * Who may see what in the web app (spec section 6). The server enforces every rule again;
 * these only decide menus and redirects.
 */
export const POLICIES = {
  /** Devices and Users (patient list, impersonation, sensor assignment). */
  admin: (user: AuthUser) => user.meta.role === 'admin',
  /** My Health Data: the users whose e-mail the server lists. */
  healthData: (user: AuthUser) => user.meta.healthData,
  /** Cumulative Chart is a patient's chart; the admin menu does not show it. */
  cumulativeChart: (user: AuthUser) => user.meta.role !== 'admin' || user.meta.healthData,
} as const;

export type Policy = keyof typeof POLICIES;

export const allows = (user: AuthUser | undefined, policy: Policy) => !!user && POLICIES[policy](user);
