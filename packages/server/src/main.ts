import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, migrateToLatest } from './db';
import { readVersion } from './lib/version';
import { seedDemo } from './seed/demo';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, readVersion());
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) console.error(`DoseDot configuration error: ${problem}`);
      process.exit(1);
    }
    throw err;
  }

  const db = createDb(config.database);
  const app = await buildApp({ config, db });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  if (config.seedDemo) {
    const accounts = await seedDemo(db, { timezone: config.defaultTimezone });
    if (accounts.length > 0) {
      const lines = accounts.map((a) => `  ${a.role.padEnd(5)}  ${a.email.padEnd(28)}  ${a.password}`);
      console.log(`\nDoseDot demo data created. Sign in with:\n${lines.join('\n')}\n`);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
