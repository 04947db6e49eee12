import { describe, expect, it } from 'vitest';
import { isPlanRequest, OFFLINE_COPY_HEADER, planCopy } from './plan-copy';

const ORIGIN = 'https://dosedot.test';

/** Cache Storage's one cache, as far as planCopy uses it. */
function fakeCache() {
  const kept = new Map<string, Response>();
  const cache = {
    match: async (r: Request) => kept.get(r.url)?.clone(),
    put: async (r: Request, res: Response) => void kept.set(r.url, res),
  } as unknown as Cache;
  return { cache, kept, dropAll: async () => kept.clear() };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers: { authorization: 'Bearer t', ...headers } });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('the daily plan offline', () => {
  it('keeps only the plan’s own calls of the signed-in user', () => {
    const is = (r: Request) => isPlanRequest(new URL(r.url), r, ORIGIN);
    expect(is(get('/api/adherence?from=2026-11-26&to=2026-11-27'))).toBe(true);
    expect(is(get('/api/users/me'))).toBe(true);
    expect(is(get('/api/profile/userdata'))).toBe(true);
    // An administrator's call for a patient, another call, another site, a write: never kept.
    expect(is(get('/api/adherence', { 'x-imp-user-id': '7' }))).toBe(false);
    expect(is(get('/api/health-data'))).toBe(false);
    expect(is(new Request('https://elsewhere.test/api/users/me'))).toBe(false);
    expect(is(new Request(`${ORIGIN}/api/users/me`, { method: 'PUT' }))).toBe(false);
  });

  it('answers from the network and keeps the answer; offline, the copy comes back marked with its time', async () => {
    const { cache, dropAll } = fakeCache();
    const request = get('/api/adherence?from=2026-11-26&to=2026-11-27');
    const fresh = await planCopy(
      request,
      cache,
      dropAll,
      async () => Response.json({ data: 1 }),
      Date.UTC(2026, 10, 26, 8),
    );
    expect(fresh.headers.has(OFFLINE_COPY_HEADER)).toBe(false);
    expect(await fresh.json()).toEqual({ data: 1 });

    const copy = await planCopy(request, cache, dropAll, offline);
    expect(copy.headers.get(OFFLINE_COPY_HEADER)).toBe('2026-11-26T08:00:00.000Z');
    expect(await copy.json()).toEqual({ data: 1 });
  });

  it('offline without a copy fails as the network did; a refused session drops every copy', async () => {
    const { cache, kept, dropAll } = fakeCache();
    await expect(planCopy(get('/api/users/me'), cache, dropAll, offline)).rejects.toThrow('Failed to fetch');
    await planCopy(get('/api/users/me'), cache, dropAll, async () => Response.json({ id: 1 }));
    expect(kept.size).toBe(1);
    const refused = await planCopy(
      get('/api/users/me'),
      cache,
      dropAll,
      async () => new Response('', { status: 401 }),
    );
    expect(refused.status).toBe(401);
    expect(kept.size).toBe(0);
  });
});
