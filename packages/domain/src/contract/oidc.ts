import { z } from 'zod';

/** GET /api/auth/providers: the OpenID Connect providers configured on the server (often none). */
export const signInProvidersResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInProvidersResponse = z.infer<typeof signInProvidersResponseSchema>;

/** GET /api/auth/oidc/:provider/start and …/callback. */
export const oidcProviderParamsSchema = z.strictObject({
  provider: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'Unknown sign-in provider' }),
});

/** GET /api/auth/oidc/:provider/start — the page's language and where to go after signing in. */
export const oidcStartQuerySchema = z.strictObject({
  lang: z.enum(['en', 'de', 'fr']).optional(),
  redirect: z.string().max(500).optional(),
});

/** POST /api/auth/oidc/session — the single-use code the callback gave the success page. */
export const oidcSessionRequestSchema = z.strictObject({
  code: z.string().min(1, { message: 'This field is required' }).max(200),
});
export type OidcSessionRequest = z.infer<typeof oidcSessionRequestSchema>;

export { OIDC_ERROR_CODES, type OidcErrorCode } from '../constants';
