import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('chunk-load reload guard', () => {
  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadAfterChunkError(1_000_000, storage, reload)).toBe(true);
    expect(reloadAfterChunkError(1_000_000 + 59_999, storage, reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadAfterChunkError(1_000_000 + 60_000, storage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('recognises the errors of a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
