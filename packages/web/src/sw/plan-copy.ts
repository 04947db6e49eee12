/*
 * Today's plan offline (issue 26 item 1): the calls the daily plan needs are answered from the
 * network while there is one, and each answer is kept; without a network the kept copy answers,
 * marked with the time it was saved, and the web app says it shows a copy (lib/offline-copy.ts).
 * Only the signed-in user's own calls are kept (never an administrator's with a patient named), and
 * the copy goes at logout, at the next sign-in and on a refused session (decision 0015).
 */

export const PLAN_CACHE = 'dosedot-plan';
/** On an answer from the kept copy: when it was saved (ISO). The web app reads it. */
export const OFFLINE_COPY_HEADER = 'x-dosedot-offline-copy';
const SAVED_AT_HEADER = 'x-dosedot-saved-at';
/** Who is signed in, their profile with the medicines, and the adherence of the plan's days. */
const PLAN_PATHS: readonly string[] = ['/api/users/me', '/api/profile/userdata', '/api/adherence'];

/** Whether a request is one of the plan's own calls, kept for offline use. */
export function isPlanRequest(url: URL, request: Request, origin: string): boolean {
  return (
    request.method === 'GET' &&
    url.origin === origin &&
    PLAN_PATHS.includes(url.pathname) &&
    !request.headers.has('x-imp-user-id')
  );
}

/** A copy of an answer with its body read and the headers given changed (null removes one). */
async function copyOf(res: Response, changes: Record<string, string | null>): Promise<Response> {
  const headers = new Headers(res.headers);
  // The body is decoded already: its encoding and length no longer apply.
  headers.delete('content-encoding');
  headers.delete('content-length');
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers });
}

/**
 * Network first: a successful answer is kept (with the time), a refused session (401) drops every
 * kept answer, and without a network the kept answer of the same URL comes back marked.
 */
export async function planCopy(
  request: Request,
  cache: Cache,
  dropAll: () => Promise<unknown>,
  fetcher: (r: Request) => Promise<Response> = fetch,
  now = Date.now(),
): Promise<Response> {
  let res: Response;
  try {
    res = await fetcher(request.clone());
  } catch (error) {
    const kept = await cache.match(request);
    if (!kept) throw error;
    return copyOf(kept, {
      [OFFLINE_COPY_HEADER]: kept.headers.get(SAVED_AT_HEADER) ?? '',
      [SAVED_AT_HEADER]: null,
    });
  }
  if (res.ok)
    await cache.put(request, await copyOf(res.clone(), { [SAVED_AT_HEADER]: new Date(now).toISOString() }));
  else if (res.status === 401) await dropAll();
  return res;
}
