import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isValidTimeZone } from '@dosedot/domain';
import { z } from 'zod';

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: `${name} must be true or false` })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithScheme = (schemes: string[], name: string) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0)
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('localhost'),
  APP_URL: urlWithScheme(['http', 'https'], 'APP_URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql', 'sqlite', 'file'], 'DATABASE_URL').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SEED_DEMO: bool('SEED_DEMO').optional(),
  SEED_FLEET: z.coerce
    .number({ message: 'SEED_FLEET must be a number' })
    .int('SEED_FLEET must be a whole number')
    .min(0, 'SEED_FLEET must be between 0 and 10000')
    .max(10_000, 'SEED_FLEET must be between 0 and 10000')
    .optional(),
  SEED_DEMO_DAYS: z.coerce
    .number({ message: 'SEED_DEMO_DAYS must be a number' })
    .int('SEED_DEMO_DAYS must be a whole number')
    .min(1, 'SEED_DEMO_DAYS must be between 1 and 730')
    .max(730, 'SEED_DEMO_DAYS must be between 1 and 730')
    .optional(),
  SIMULATE: bool('SIMULATE').optional(),
  REMINDER_TICK_MS: z.coerce
    .number({ message: 'REMINDER_TICK_MS must be a number' })
    .int('REMINDER_TICK_MS must be a whole number')
    .min(0, 'REMINDER_TICK_MS must be between 0 and 3600000')
    .max(3_600_000, 'REMINDER_TICK_MS must be between 0 and 3600000')
    .default(30_000),
  REQUIRE_ADMIN_2FA: bool('REQUIRE_ADMIN_2FA').optional(),
  PUSH_PRIVATE_NETWORKS: bool('PUSH_PRIVATE_NETWORKS').optional(),
  INGEST_TOKEN: z.string().min(16, 'INGEST_TOKEN must have at least 16 characters').optional(),
  MQTT_URL: urlWithScheme(['mqtt', 'mqtts', 'ws', 'wss'], 'MQTT_URL').optional(),
  SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'SMTP_URL').optional(),
  MAIL_FROM: z.string().min(3).default('DoseDot <no-reply@dosedot.local>'),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, base64url (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key, base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// address')
    .optional(),
  HEALTH_DATA_EMAILS: z.string().optional(),
  HEALTH_DATA_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'HEALTH_DATA_KEY must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  DEFAULT_TIMEZONE: z
    .string()
    .refine(isValidTimeZone, 'DEFAULT_TIMEZONE must be an IANA time zone such as Europe/Berlin')
    .default('Europe/Berlin'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v.trim().toLowerCase() !== 'true', {
      message:
        'TRUST_PROXY=true would believe any X-Forwarded-For; give the number of proxies in front (for example 1) or their addresses (10.0.0.1,10.0.0.0/8)',
    })
    .refine((v) => v.trim().toLowerCase() === 'true' || parseTrustProxy(v) !== undefined, {
      message:
        'TRUST_PROXY must be false, a number of proxies, or a comma-separated list of addresses or CIDRs',
    }),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ message: 'REQUEST_TIMEOUT_MS must be a number' })
    .int()
    .min(1000, 'REQUEST_TIMEOUT_MS must be at least 1000')
    .default(30_000),
  METRICS_PORT: z.coerce
    .number({ message: 'METRICS_PORT must be a number' })
    .int('METRICS_PORT must be a whole number')
    .min(0)
    .max(65535, 'METRICS_PORT must be between 0 and 65535')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ message: 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS must be a number' })
    .int()
    .min(0, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS must be 0 (off) or more')
    .default(500),
});

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  seedDemo: boolean;
  /** SEED_FLEET=N: N patients with a box each and N free boxes (seed/fleet.ts), for the bench and tests; 0 = none. */
  seedFleet: number;
  /** SEED_DEMO_DAYS=N: days of history the demo data has (seed/demo.ts DEMO_DAYS unless set; the bench seeds a year). */
  seedDemoDays: number | undefined;
  simulate: boolean;
  /** REMINDER_TICK_MS: how often the reminder scheduler looks for due notifications; 0 = never (tests tick by hand). */
  reminderTickMs: number;
  /** Administrators must set up two-factor sign-in before any admin call (decision 0008). */
  requireAdmin2fa: boolean;
  ingestToken: string | undefined;
  mqttUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The server's VAPID identity towards the browsers' push services (Web Push, decision 0015). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Web Push may post to loopback and private addresses (tests' own push service only). */
  pushPrivateNetworks: boolean;
  /** Lower-cased e-mail addresses of the users who have My Health Data. */
  healthDataEmails: string[];
  healthDataKey: Buffer;
  defaultTimezone: string;
  logLevel: string;
  /** Which X-Forwarded-For hops to believe: none, the last N, or these proxy addresses. */
  trustProxy: false | number | string[];
  /** Time to receive a whole request (headers and body); a slower one ends with 408. */
  timeouts: { requestMs: number; headersMs: number; checkEveryMs: number };
  /** Rate limits of the sign-in surface (docs/decisions/0002-authentication-details.md). */
  limits: AuthLimits;
  /** Prometheus metrics on their own listener; port undefined = off. */
  metrics: { port: number | undefined; host: string };
  /** OpenID Connect sign-in providers (OIDC_<n>_*), in their number's order; often none. */
  oidcProviders: OidcProviderConfig[];
  /** Over this event-loop delay every call answers 503 with Retry-After (0 = never). */
  pressure: { maxEventLoopDelayMs: number; retryAfterSeconds: number; sampleIntervalMs: number };
  /** Bring the schema up to date when the app starts (main.ts and tests; off for a read-only copy). */
  migrate: boolean;
  /** Folder of the built web app; undefined serves no SPA. */
  webDist: string | undefined;
  version: string;
}

export interface AuthLimits {
  /** Calls per IP and minute on login, register, forgot and reset password. */
  authPerIpPerMinute: number;
  /** Failed logins of one account from one address in the window before that pair gets 429. */
  loginFailuresPerAddress: number;
  /** Failed logins of one account from anywhere before only its owner's known addresses may try. */
  loginFailuresPerAccount: number;
  /** Reset e-mails per account in the window. */
  resetMailsPerAccount: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: AuthLimits = {
  authPerIpPerMinute: 30,
  loginFailuresPerAddress: 5,
  loginFailuresPerAccount: 10,
  resetMailsPerAccount: 3,
  windowMs: 15 * 60 * 1000,
};

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;

/** TRUST_PROXY as Fastify takes it: false, a hop count, or addresses/CIDRs; undefined if malformed. */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every((a) => IPV4.test(a) || (a.includes(':') && IPV6.test(a))))
    return undefined;
  return list;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConfigError';
  }
}

/** The demo health-data user: the default of HEALTH_DATA_EMAILS outside production. */
export const DEMO_HEALTH_DATA_EMAIL = 'heidi.keller@dosedot.local';

/**
 * A secret kept in the data folder: read it, or make one and keep it for the next start. A data
 * folder we create is 0700 and the secret file 0600 (an existing folder is left as it is).
 */
function persistedSecret(dataDir: string, file: string, bytes: number): string {
  const full = path.join(dataDir, file);
  try {
    return readFileSync(full, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(bytes).toString('hex');
    writeFileSync(full, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * The VAPID key pair (P-256, base64url as the Web Push libraries take it): from the environment
 * (both or neither), else generated once into the data folder (`vapid-keys`) like the other secrets.
 * Several server copies must share it (set the variables), or a browser's subscription made through
 * one copy is refused when another sends.
 */
function vapidKeys(
  dataDir: string,
  publicKey: string | undefined,
  privateKey: string | undefined,
  subject: string,
) {
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey)
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither']);
  const full = path.join(dataDir, 'vapid-keys');
  try {
    const kept = JSON.parse(readFileSync(full, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      // 32 bytes, leading zeros kept (the key is a number: getPrivateKey drops them).
      privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
        .subarray(-32)
        .toString('base64url'),
    };
    writeFileSync(full, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return { ...keys, subject };
  }
}

/** `mailto:` the sender's address (the push services' contact for the operator). */
const vapidSubject = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

export function databaseFromUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'dosedot.sqlite') };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}

/**
 * Reads the environment into a typed configuration. Throws ConfigError naming every bad
 * variable; main.ts prints it and exits 1.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): AppConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  const oidc = oidcProvidersFromEnv(raw, raw.NODE_ENV === 'production');
  if (!parsed.success || oidc.problems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues;
    throw new ConfigError([...issues.map((i) => `${String(i.path[0])}: ${i.message}`), ...oidc.problems]);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const healthEmails = (e.HEALTH_DATA_EMAILS ?? (production ? '' : DEMO_HEALTH_DATA_EMAIL))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: databaseFromUrl(e.DATABASE_URL, dataDir),
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', 48),
    seedDemo: production ? false : (e.SEED_DEMO ?? true),
    seedFleet: production ? 0 : (e.SEED_FLEET ?? 0),
    seedDemoDays: e.SEED_DEMO_DAYS,
    simulate: production ? false : (e.SIMULATE ?? false),
    reminderTickMs: e.REMINDER_TICK_MS,
    // Compulsory for administrators in production unless turned off on purpose (decision 0008).
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA ?? production,
    ingestToken: e.INGEST_TOKEN,
    mqttUrl: e.MQTT_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: vapidKeys(
      dataDir,
      e.VAPID_PUBLIC_KEY,
      e.VAPID_PRIVATE_KEY,
      e.VAPID_SUBJECT ?? vapidSubject(e.MAIL_FROM),
    ),
    pushPrivateNetworks: e.PUSH_PRIVATE_NETWORKS ?? false,
    healthDataEmails: healthEmails,
    healthDataKey: Buffer.from(e.HEALTH_DATA_KEY ?? persistedSecret(dataDir, 'health-data-key', 32), 'hex'),
    defaultTimezone: e.DEFAULT_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: Math.min(10_000, e.REQUEST_TIMEOUT_MS),
      checkEveryMs: 1000,
    },
    limits: DEFAULT_LIMITS,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    oidcProviders: oidc.providers,
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: 5,
      sampleIntervalMs: 1000,
    },
    migrate: true,
    webDist,
    version,
  };
}

export interface OidcProviderConfig {
  /** In the sign-in URLs: /api/auth/oidc/<id>/start. */
  id: string;
  /** On the sign-in button: "Sign in with <name>". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const OIDC_VARIABLE = /^OIDC_(\d+)_(.+)$/;
const OIDC_SETTINGS = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME', 'ID'] as const;

/**
 * The OpenID Connect providers from numbered variables (OIDC_1_ISSUER, OIDC_1_CLIENT_ID,
 * OIDC_1_CLIENT_SECRET, OIDC_1_NAME, optional OIDC_1_ID; then OIDC_2_…), each problem naming its
 * variable. The issuer must be https:// in production (http:// serves a local test provider).
 */
export function oidcProvidersFromEnv(
  env: Record<string, string | undefined>,
  production: boolean,
): { providers: OidcProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  const byNumber = new Map<number, Partial<Record<(typeof OIDC_SETTINGS)[number], string>>>();
  for (const [key, value] of Object.entries(env)) {
    const match = OIDC_VARIABLE.exec(key);
    if (!match || value === undefined || value === '') continue;
    const setting = OIDC_SETTINGS.find((s) => s === match[2]);
    if (!setting) {
      problems.push(
        `${key}: unknown setting; a provider has ${OIDC_SETTINGS.map((s) => `OIDC_n_${s}`).join(', ')}`,
      );
      continue;
    }
    const n = Number(match[1]);
    byNumber.set(n, { ...byNumber.get(n), [setting]: value.trim() });
  }
  const providers: OidcProviderConfig[] = [];
  for (const [n, s] of [...byNumber].sort(([a], [b]) => a - b)) {
    const name = (setting: string) => `OIDC_${n}_${setting}`;
    const missing = (['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME'] as const).filter((k) => !s[k]);
    for (const k of missing) problems.push(`${name(k)}: required when any OIDC_${n}_ variable is set`);
    const issuer = s.ISSUER ? parseUrl(s.ISSUER) : undefined;
    if (s.ISSUER && !(issuer?.protocol === 'https:' || (!production && issuer?.protocol === 'http:')))
      problems.push(
        `${name('ISSUER')}: must be the issuer's URL starting with https://${production ? '' : ' (or http:// for a local test provider)'}`,
      );
    const id = s.ID ?? slug(s.NAME ?? '');
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(id))
      problems.push(
        s.ID
          ? `${name('ID')}: must be 1 to 32 lower-case letters, digits or hyphens`
          : `${name('NAME')}: needs a letter or digit, or set ${name('ID')}`,
      );
    else if (providers.some((p) => p.id === id))
      problems.push(`${name(s.ID ? 'ID' : 'NAME')}: the provider id "${id}" is taken; set ${name('ID')}`);
    if (missing.length > 0 || !issuer) continue;
    providers.push({
      id,
      name: s.NAME ?? '',
      issuer: s.ISSUER ?? '',
      clientId: s.CLIENT_ID ?? '',
      clientSecret: s.CLIENT_SECRET ?? '',
    });
  }
  return { providers: problems.length > 0 ? [] : providers, problems };
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** "Hospital Keycloak" → "hospital-keycloak". */
function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
}
