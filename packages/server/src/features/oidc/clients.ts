import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config';

/** Discovered metadata is used for a day, then fetched again (keys rotate by themselves: JWKS). */
const DISCOVERY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Seconds a call to the provider (discovery, token, userinfo) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcClients {
  providers: readonly OidcProviderConfig[];
  find(id: string): OidcProviderConfig | undefined;
  /** The provider's client configuration, discovered on first use; rejects while the provider is down. */
  configuration(provider: OidcProviderConfig): Promise<client.Configuration>;
}

/**
 * The configured providers and their openid-client configurations. Discovery runs when a provider
 * is first used, not at start, so a provider that is down never stops DoseDot from starting; a
 * failed discovery is tried again by the next sign-in.
 */
export function createOidcClients(providers: readonly OidcProviderConfig[]): OidcClients {
  const cache = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  async function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
    const issuer = new URL(provider.issuer);
    // http:// only reaches the config outside production (a local test provider, src/config.ts).
    const execute = issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [];
    const found = await client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    // The client secret goes in the Basic header unless the provider takes it only in the body.
    const metadata = found.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth =
      methods.includes('client_secret_basic') || !methods.includes('client_secret_post')
        ? client.ClientSecretBasic(provider.clientSecret)
        : client.ClientSecretPost(provider.clientSecret);
    const configuration = new client.Configuration(metadata, provider.clientId, provider.clientSecret, auth);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    for (const run of execute) run(configuration);
    return configuration;
  }

  return {
    providers,
    find: (id) => providers.find((p) => p.id === id),
    configuration(provider) {
      const now = Date.now();
      const cached = cache.get(provider.id);
      if (cached && now - cached.at < DISCOVERY_MAX_AGE_MS) return cached.configuration;
      const configuration = discover(provider);
      cache.set(provider.id, { at: now, configuration });
      configuration.catch(() => {
        if (cache.get(provider.id)?.configuration === configuration) cache.delete(provider.id);
      });
      return configuration;
    },
  };
}
