import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { readVersion } from './lib/version';

/** How long a graceful stop may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

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
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // listen() makes the app ready first: migrations and the demo seed run before the first request.
  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  console.log(
    `DoseDot ${config.version} is listening on ${address}; open ${config.appUrl} (database: ${where})`,
  );
}

main().catch((err: unknown) => {
  console.error('DoseDot failed to start:', err);
  process.exit(1);
});
