// The e2e suite's OpenID Connect provider (a second webServer of playwright.config.ts): the API
// tests' local provider (packages/server/test/oidc-test-provider.mjs) on a fixed loopback port,
// with one account whose login name is "olivia" (tests/oidc.spec.ts).
import { startTestProvider } from '../packages/server/test/oidc-test-provider.mjs';

const port = Number(process.env.E2E_OIDC_PORT);
const redirectUri = process.env.E2E_OIDC_REDIRECT_URI;
const clientSecret = process.env.E2E_OIDC_CLIENT_SECRET;
if (!port || !redirectUri || !clientSecret) {
  console.error('oidc-provider.mjs needs E2E_OIDC_PORT, E2E_OIDC_REDIRECT_URI and E2E_OIDC_CLIENT_SECRET');
  process.exit(1);
}

const provider = await startTestProvider({
  port,
  clientSecret,
  redirectUris: [redirectUri],
  accounts: {
    olivia: {
      email: 'olivia.oidc@example.test',
      email_verified: true,
      given_name: 'Olivia',
      family_name: 'Oidc',
      locale: 'en',
    },
    unverified: { email: 'unverified.oidc@example.test', email_verified: false, name: 'Uma Unverified' },
  },
});
console.log(`e2e OpenID Connect provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
