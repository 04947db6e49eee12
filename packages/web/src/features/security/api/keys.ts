import type { QueryClient } from '@tanstack/react-query';

/** The query keys of the security feature: one factory, so invalidations agree. */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  signIns: (page: SignInPage) => [...securityKeys.all, 'sign-ins', page] as const,
  providers: () => [...securityKeys.all, 'providers'] as const,
};

/**
 * A page of the sign-in list: 1-based, its size, the outcome shown (all when undefined), part of the
 * account's name or e-mail, and the method (SIGN_IN_METHOD_FILTERS or `oidc:<provider id>`).
 */
export interface SignInPage {
  page: number;
  pageSize: number;
  outcome?: 'success' | 'failure' | 'challenge';
  user?: string;
  method?: string;
}

/** After a change the state and the signed-in user (meta.twoFactor) are stale. */
export const invalidateTwoFactor = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() }),
    queryClient.invalidateQueries({ queryKey: ['current-user'] }),
  ]);
