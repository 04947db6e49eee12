import { backupDatabase } from './backup';
import { ConfigError, loadConfig } from './config';
import { readVersion } from './lib/version';

/**
 * `npm run backup`: an online backup of the database the server's environment names (same
 * DATA_DIR and DATABASE_URL), into DATA_DIR/backups/<time>/. Prints the folder; exits 1 on failure.
 */
try {
  const backup = await backupDatabase(loadConfig(process.env, readVersion()));
  console.log(
    `DoseDot backup written to ${backup.dir} (${[backup.database, ...backup.secrets].map((f) => f.split('/').pop()).join(', ')})`,
  );
} catch (err) {
  if (err instanceof ConfigError)
    for (const problem of err.problems) console.error(`DoseDot configuration error: ${problem}`);
  else console.error('DoseDot backup failed:', err instanceof Error ? err.message : err);
  process.exit(1);
}
