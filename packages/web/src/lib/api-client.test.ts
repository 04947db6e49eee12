import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** Storages in memory: the test runs in Node, where the browser's do not exist. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeAll(() => {
  Object.assign(globalThis, { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
});

const busy = (retryAfter?: string) =>
  new Response(
    JSON.stringify({
      data: null,
      error: {
        status: 503,
        name: 'ServiceUnavailableError',
        message: 'The server is busy, please try again shortly',
        details: {},
      },
    }),
    {
      status: 503,
      headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
    },
  );
const ok = () =>
  new Response(JSON.stringify({ data: { id: 7 } }), { headers: { 'content-type': 'application/json' } });

describe('a call the server refused as busy (503 with Retry-After)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is sent once more, the same, after the wait the server asked for', async () => {
    const { apiRequest } = await import('./api-client');
    vi.useFakeTimers();
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(busy('2'))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetch);
    const answer = apiRequest('/api/medicine/assignMedicine', {
      method: 'POST',
      body: { data: { name: 'A' } },
    });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(answer).resolves.toEqual({ data: { id: 7 } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]).toEqual(fetch.mock.calls[0]);
  });

  it('waits at most five seconds, and a second refusal says the server is busy', async () => {
    const { apiRequest, failureKey, BUSY_WAIT_MAX_MS } = await import('./api-client');
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => busy('120'));
    vi.stubGlobal('fetch', fetch);
    const answer = apiRequest('/api/medicines').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(BUSY_WAIT_MAX_MS);
    const error = await answer;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(error).toMatchObject({ status: 503, errorName: 'ServiceUnavailableError' });
    expect(failureKey(error)).toBe('errors.busy');
  });

  it('is not sent again without Retry-After', async () => {
    const { apiRequest } = await import('./api-client');
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => busy());
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/medicines')).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
