/** The query keys of the auth feature: one factory, so invalidations and prefetches agree. */
export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  confirmation: (token: string) => [...authKeys.all, 'email-confirmation', token] as const,
};
