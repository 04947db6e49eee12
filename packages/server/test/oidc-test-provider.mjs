// A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, for the API
// tests (oidc.test.ts) and the e2e suite (e2e/oidc-provider.mjs). Its login page is the package's
// development interaction: any login name signs in as the account of that name.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

/** Storage for the provider's codes, grants and sessions, with a way to make a code expire. */
function memoryAdapter() {
  const store = new Map();
  const uids = new Map();
  class Adapter {
    constructor(name) {
      this.name = name;
    }
    key(id) {
      return `${this.name}:${id}`;
    }
    async upsert(id, payload) {
      store.set(this.key(id), { ...payload });
      if (payload.uid) uids.set(payload.uid, id);
    }
    async find(id) {
      return store.get(this.key(id));
    }
    async findByUid(uid) {
      const id = uids.get(uid);
      return id === undefined ? undefined : this.find(id);
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId) {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    }
  }
  return {
    Adapter,
    /** Moves an issued authorization code's expiry into the past. */
    expire(code) {
      const payload = store.get(`AuthorizationCode:${code}`);
      if (!payload) throw new Error(`no authorization code ${code}`);
      payload.exp = Math.floor(Date.now() / 1000) - 60;
    },
  };
}

/**
 * Starts the provider. `accounts` maps a login name to its claims (email, email_verified,
 * given_name, family_name, name, locale); `redirectUris` are DoseDot's callback URLs; a fixed
 * `port` and `clientSecret` let a separately started DoseDot know them (the e2e suite).
 */
export async function startTestProvider({
  accounts,
  redirectUris,
  port = 0,
  host = '127.0.0.1',
  clientSecret = randomBytes(24).toString('hex'),
}) {
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const issuer = `http://${host}:${address.port}`;
  const clientId = 'dosedot';
  const adapter = memoryAdapter();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: adapter.Adapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      Session: 3600,
      Interaction: 600,
      Grant: 3600,
    },
    async findAccount(_ctx, sub) {
      const claims = accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    // A first-party client: the scopes it asks for are granted without a consent screen.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    expire: adapter.expire,
    /** DoseDot's variables for this provider as provider number `n`. */
    env(n = 1, name = 'Test IdP') {
      return {
        [`OIDC_${n}_ISSUER`]: issuer,
        [`OIDC_${n}_CLIENT_ID`]: clientId,
        [`OIDC_${n}_CLIENT_SECRET`]: clientSecret,
        [`OIDC_${n}_NAME`]: name,
      };
    },
    /**
     * Follows an authorization URL like a browser, signs in as `login` on the provider's page and
     * returns the URL the provider sends the browser back to (DoseDot's callback with code and state).
     */
    async authorize(authorizationUrl, login) {
      const jar = new Map();
      const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const remember = (res) => {
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
      };
      let url = authorizationUrl;
      let form;
      for (let hop = 0; hop < 12; hop++) {
        const res = await fetch(url, {
          redirect: 'manual',
          method: form ? 'POST' : 'GET',
          headers: {
            cookie: cookies(),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form,
        });
        remember(res);
        form = undefined;
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          const next = new URL(location, url);
          if (redirectUris.some((uri) => next.href.startsWith(uri))) return next;
          url = next.href;
          continue;
        }
        if (res.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
          await res.text();
          form = new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString();
          continue;
        }
        throw new Error(`the test provider answered ${res.status} at ${url}: ${await res.text()}`);
      }
      throw new Error('the test provider redirected too often');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
