import type { AuthUser } from '@dosedot/domain';
import { type Policy, allows as principalAllows } from '@dosedot/domain/access';

/**
 * Who may see what in the web app (spec section 6): the domain's policies, the same map the
 * server's access scopes enforce on every call. Here they only decide menus and redirects.
 */
export type { Policy };

/** The signed-in user as the policies read them: role and health-data grant from `meta`. */
export const allows = (user: AuthUser | undefined, policy: Policy): boolean =>
  principalAllows(user ? { role: user.meta.role, healthData: user.meta.healthData } : undefined, policy);
