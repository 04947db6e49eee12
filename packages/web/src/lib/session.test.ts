import { beforeAll, describe, expect, it, vi } from 'vitest';

/** A Storage in memory: the test runs in Node, where the browser's storages do not exist. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

beforeAll(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});

describe('logout', () => {
  it('empties the query cache, the session, impersonation and every stored key but the settings', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { endSession } = await import('./session');
    const { useSession } = await import('./session-store');
    const { useSettings } = await import('./settings-store');

    const queryClient = new QueryClient();
    queryClient.setQueryData(['profile', 'userdata'], { givenname: 'Anna' });
    queryClient.setQueryData(['medicines'], [{ id: 1 }]);
    const fetched: [string, RequestInit | undefined][] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      fetched.push([url, init]);
      return new Response('{"data":{"id":7}}', { status: 200 });
    });
    useSession.setState({
      token: 'a-token',
      impersonating: {
        id: 7,
        profileuid: 'c0ffee00-0000-4000-8000-000000000001',
        userid: 12,
        givenname: 'Petra',
        familyname: 'Patient',
        reason: 'Phone call',
        startedAt: '2026-11-24T08:00:00.000Z',
        expiresAt: '2026-11-24T08:30:00.000Z',
      },
    });
    useSettings.getState().setMode('dark');
    localStorage.setItem('dosedot.charts', '{"series":[1,2]}');
    localStorage.setItem('unrelated.key', 'kept');
    localStorage.setItem('dosedot.kept.tour.dot-chart.7', 'seen');
    sessionStorage.setItem('dosedot.chunk-reload-at', '1');
    expect(localStorage.getItem('dosedot.session')).toContain('a-token');

    endSession(queryClient);

    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(useSession.getState()).toMatchObject({ token: null, impersonating: null, endedBy: 'logout' });
    // The impersonation is ended on the server too, then the session itself (POST /api/auth/logout),
    // each with the token of the session that ended.
    await vi.waitFor(() => expect(fetched).toHaveLength(2));
    expect(fetched.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/impersonation/7', 'DELETE'],
      ['/api/auth/logout', 'POST'],
    ]);
    for (const [, init] of fetched)
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a-token');
    vi.unstubAllGlobals();
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).sort();
    // The guided tour seen by a user stays seen (it opens once per user on this device).
    expect(keys).toEqual(['dosedot.kept.tour.dot-chart.7', 'dosedot.settings', 'unrelated.key']);
    expect(sessionStorage.length).toBe(0);
    expect(useSettings.getState().mode).toBe('dark');
  });
});

describe('logout when the server cannot be reached', () => {
  it('still clears the session and every stored key', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { endSession } = await import('./session');
    const { useSession } = await import('./session-store');
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      throw new TypeError('Failed to fetch');
    });
    useSession.setState({ token: 'another-token', impersonating: null });
    localStorage.setItem('dosedot.charts', '{"series":[1]}');
    endSession(new QueryClient());
    expect(useSession.getState()).toMatchObject({ token: null, endedBy: 'logout' });
    expect(localStorage.getItem('dosedot.charts')).toBeNull();
    await vi.waitFor(() => expect(calls).toEqual(['/api/auth/logout']));
    vi.unstubAllGlobals();
  });
});

describe('stored settings', () => {
  it('fall back to the defaults when what is stored is broken', async () => {
    const { useSettings } = await import('./settings-store');
    localStorage.setItem(
      'dosedot.settings',
      JSON.stringify({ state: { mode: 'purple', primary: 'red' }, version: 0 }),
    );
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({ mode: 'light', primary: '#0096c7' });
    localStorage.setItem(
      'dosedot.settings',
      JSON.stringify({ state: { mode: 'dark', primary: '#2e7d32' }, version: 0 }),
    );
    await useSettings.persist.rehydrate();
    expect(useSettings.getState()).toMatchObject({ mode: 'dark', primary: '#2e7d32' });
  });
});
