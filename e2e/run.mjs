// Runs the e2e suite in Debian's Chromium. Without Chromium the suite is skipped with a notice,
// unless REQUIRE_E2E=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`e2e: ${message}; REQUIRE_E2E=1, so this fails.`);
    process.exit(1);
  }
  console.warn(`e2e: SKIPPED, ${message}.`);
  process.exit(0);
}
const config = path.join(import.meta.dirname, 'playwright.config.ts');
const result = spawnSync('npx', ['playwright', 'test', '-c', config, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
