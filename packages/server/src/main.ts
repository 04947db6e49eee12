import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { readVersion } from './lib/version';
import { demoAccountsIn } from './seed/demo';

/** How long a graceful stop may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * How long a stopping server goes on listening and answering, each answer closing its connection,
 * before it closes: requests already written by clients (waiting in the accept queue, or unread on a
 * kept-alive connection) are answered instead of meeting a reset connection.
 */
const DRAIN_MS = 1000;

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env, readVersion());
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) console.error(`DoseDot configuration error: ${problem}`);
      process.exit(1);
    }
    throw err;
  }
}

/** Reads the configuration, builds the app, listens; closes on SIGTERM/SIGINT within a deadline. */
async function main() {
  const config = readConfig();
  const app = await buildApp({ config });

  let closing = false;
  // While draining, every answer says `Connection: close`, so clients stop reusing the connection.
  app.server.on('request', (_req, res) => {
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    // Stops listening, waits for the requests under way (and the ingestion's last commit), closes
    // the database.
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Migrations and the demo seed run before the first request, with their own log lines.
  await app.ready();
  const addresses = await listenQuietly(app, config);
  // The start line is printed at LOG_LEVEL=warn too (process supervisors, tests and the bench wait
  // for it), only LOG_LEVEL=silent holds it back.
  const startLog = app.log.level === 'silent' ? app.log : app.log.child({}, { level: 'info' });
  startLog.info(
    await startBlock(app, config, addresses),
    `DoseDot ${config.version} is listening on ${addresses[0]}; open ${config.appUrl}`,
  );
}

/**
 * Listens without Fastify's own "Server listening at" lines (one per bound address: 127.0.0.1 and
 * ::1 for localhost), so the start block below is the one place that says where DoseDot listens.
 * Only Fastify's root logger is held back, and only while the sockets bind.
 */
async function listenQuietly(app: FastifyInstance, config: AppConfig): Promise<string[]> {
  const level = app.log.level;
  if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
  return app.addresses().map((a) => {
    if (typeof a === 'string') return a;
    return a.family === 'IPv6' ? `http://[${a.address}]:${a.port}` : `http://${a.address}:${a.port}`;
  });
}

/**
 * What a newcomer needs after `npm start`, as the fields of one log line: the addresses, the data
 * folder and database, and the demo logins while the demo accounts exist (never in production).
 */
async function startBlock(app: FastifyInstance, config: AppConfig, addresses: string[]) {
  const logins = config.seedDemo ? await demoAccountsIn(app.db) : [];
  return {
    url: config.appUrl,
    addresses,
    dataDir: config.dataDir,
    database: config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL',
    ...(logins.length > 0 && {
      demoLogins: logins.map(({ email, password, role }) => {
        const who =
          role === 'admin'
            ? 'admin'
            : config.healthDataEmails.includes(email)
              ? 'patient with My Health Data'
              : 'patient';
        return `${email} ${password} (${who})`;
      }),
    }),
  };
}

main().catch((err: unknown) => {
  console.error('DoseDot failed to start:', err);
  process.exit(1);
});
