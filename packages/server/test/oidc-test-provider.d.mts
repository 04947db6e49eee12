export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  locale?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Moves an issued authorization code's expiry into the past. */
  expire(code: string): void;
  /** DoseDot's OIDC_<n>_* variables for this provider. */
  env(n?: number, name?: string): Record<string, string>;
  /** Signs in as `login` and returns the provider's redirect back (the callback URL with code and state). */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export function startTestProvider(opts: {
  accounts: Record<string, TestAccountClaims>;
  redirectUris: string[];
  port?: number;
  host?: string;
  clientSecret?: string;
}): Promise<TestProvider>;
