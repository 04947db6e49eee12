import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'dosedot-cfg-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dataDir = tempDir();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'dosedot.sqlite') },
      seedDemo: true,
      simulate: false,
      defaultTimezone: 'Europe/Berlin',
      appUrl: 'http://localhost:3000',
      healthDataEmails: ['heidi.keller@dosedot.local'],
    });
    expect(c.healthDataKey).toHaveLength(32);
  });

  it('generates the JWT secret once and keeps it in the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret).toHaveLength(96);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('reads PostgreSQL from DATABASE_URL and a list of health-data addresses', () => {
    const c = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/dosedot',
      HEALTH_DATA_EMAILS: ' A@x.test, b@x.test ',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/dosedot' });
    expect(c.healthDataEmails).toEqual(['a@x.test', 'b@x.test']);
  });

  it('never seeds demo data in production and has no default health-data user there', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(c.seedDemo).toBe(false);
    expect(c.healthDataEmails).toEqual([]);
  });

  it('asks administrators for two-step sign-in in production unless turned off on purpose', () => {
    const at = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).requireAdmin2fa;
    expect(at({ NODE_ENV: 'production' })).toBe(true);
    expect(at({ NODE_ENV: 'production', REQUIRE_ADMIN_2FA: 'false' })).toBe(false);
    expect(at({})).toBe(false);
    expect(at({ REQUIRE_ADMIN_2FA: 'true' })).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MQTT_URL: 'http://broker' }, 'MQTT_URL'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL'],
    [{ DEFAULT_TIMEZONE: 'Europe/Atlantis' }, 'DEFAULT_TIMEZONE'],
    [{ HEALTH_DATA_KEY: 'short' }, 'HEALTH_DATA_KEY'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ INGEST_TOKEN: 'x' }, 'INGEST_TOKEN'],
  ])('names the variable of a bad value %j', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });
});

const serverMain = path.resolve(import.meta.dirname, '../src/main.ts');

function run(env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts main.ts and collects its stdout up to the line that says where it listens. */
async function startAndRead(env: Record<string, string>) {
  const child = run({ PORT: '0', HOST: '127.0.0.1', ...env });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stdout}`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const m = stdout.match(/listening on (http:\/\/[\d.:]+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const stop = async () => {
    child.kill('SIGTERM');
    return new Promise<number | null>((resolve) => child.on('exit', resolve));
  };
  return { url, stdout, stop };
}

describe('main.ts', () => {
  it('prints one line naming a bad variable and exits 1', async () => {
    const child = run({ PORT: 'not-a-port', DATA_DIR: tempDir() });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual(['DoseDot configuration error: PORT: PORT must be a number']);
  });

  it('migrates, seeds, prints the demo logins, serves /api/health and stops on SIGTERM', async () => {
    const child = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir() });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${stdout}`)), 30_000);
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = stdout.match(/listening on (http:\/\/[\d.:]+)/);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    expect(stdout).toContain('admin@dosedot.local');
    expect(stdout).toContain('DoseDot-admin-2026');
    // One start line, in the log's format: JSON.
    expect(stdout.match(/listening/g)).toHaveLength(1);
    expect(JSON.parse(stdout.trim()).demoLogins).toContain('admin@dosedot.local DoseDot-admin-2026 (admin)');
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'admin@dosedot.local', password: 'DoseDot-admin-2026' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { meta: { role: string } } }).user.meta.role).toBe('admin');
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
  });

  it('starts at the default log level with JSON lines only and one block that says where and how to sign in', async () => {
    const dataDir = tempDir();
    const first = await startAndRead({ LOG_LEVEL: 'info', DATA_DIR: dataDir });
    const lines = first.stdout.trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((r) => r.msg)).toEqual([
      'database migrated',
      'demo data created',
      expect.stringMatching(
        /^DoseDot \S+ is listening on http:\/\/127\.0\.0\.1:\d+; open http:\/\/localhost:0$/,
      ),
    ]);
    expect(first.stdout.match(/listening/gi)).toHaveLength(1);
    const ready = records.at(-1);
    expect(ready).toMatchObject({
      level: 30,
      addresses: [first.url],
      dataDir,
      database: path.join(dataDir, 'dosedot.sqlite'),
      demoLogins: [
        'admin@dosedot.local DoseDot-admin-2026 (admin)',
        'anna.muster@dosedot.local DoseDot-demo-2026 (patient)',
        'heidi.keller@dosedot.local DoseDot-demo-2026 (patient with My Health Data)',
      ],
    });
    expect(await first.stop()).toBe(0);

    // A second start seeds nothing and still names the demo logins; in production it never does.
    const second = await startAndRead({ LOG_LEVEL: 'info', DATA_DIR: dataDir });
    const again = second.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(again).toHaveLength(1);
    expect(again[0]?.demoLogins).toEqual(ready?.demoLogins);
    expect(await second.stop()).toBe(0);
    const production = await startAndRead({ LOG_LEVEL: 'info', DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(production.stdout).not.toContain('demoLogins');
    expect(production.stdout).not.toContain('DoseDot-admin-2026');
    expect(await production.stop()).toBe(0);
  }, 60_000);
});
