import type { EarlyReads } from '../boot/early-reads';

/**
 * Where the boot script leaves its answers (boot/early-reads.ts EARLY_READS, which early-answers.test.ts
 * compares): a name of its own here, so the app's code does not import the boot script's module.
 */
export const EARLY_READS_PROPERTY = '__dosedotEarlyReads';

/**
 * The answer to a read that the boot script asked for before the app's code had loaded
 * (boot/early-reads.ts), when it asked for this path with this token and nobody took it yet: taken
 * once, so any later read of the path asks the server again.
 */
export function takeEarlyAnswer(
  path: string,
  token: string | null,
  scope: Record<string, unknown> = globalThis as Record<string, unknown>,
): Promise<Response> | undefined {
  const early = scope[EARLY_READS_PROPERTY] as EarlyReads | undefined;
  if (!early || !token || early.token !== token) return undefined;
  const answer = early.answers.get(path);
  early.answers.delete(path);
  return answer;
}
