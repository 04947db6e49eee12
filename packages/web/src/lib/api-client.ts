import type { FieldError } from '@dosedot/domain';
import { takeEarlyAnswer } from './early-answers';
import { noteAnswer } from './offline-copy';
import { getToken, useSession } from './session-store';

/** A failed call: the server's `{error:{status,name,message,details}}`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** `details.reason` of the answer: why the server refused, in a word the web has a text for. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message of the named field, when the server rejected that field. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.path[0] === field)?.message;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sends the bearer token (default true); a 401 then ends the session. */
  auth?: boolean;
  /** A token to use instead of the session's (while a login completes). */
  token?: string;
  /** Headers of this call (the impersonated patient's: lib/impersonation.ts patientRequest). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Listeners told when the server refuses the session (401 on an authenticated call). */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

async function readError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      error?: {
        status?: number;
        name?: string;
        message?: string;
        details?: { errors?: FieldError[]; reason?: unknown };
      };
    };
    const e = body.error ?? {};
    return new ApiError(
      res.status,
      e.name ?? 'ApplicationError',
      e.message ?? res.statusText,
      e.details?.errors,
      typeof e.details?.reason === 'string' ? e.details.reason : undefined,
    );
  } catch {
    return new ApiError(res.status, 'ApplicationError', res.statusText);
  }
}

/** The longest wait before a call refused as 'busy' is sent again. */
export const BUSY_WAIT_MAX_MS = 5_000;

/**
 * A 503 with Retry-After is the server's overload guard or its full sign-in queue: it refused the
 * call before doing anything, so the call is sent once more after the wait the server asked for (at
 * most BUSY_WAIT_MAX_MS), a save included. Undefined: not such an answer.
 */
function busyWaitMs(res: Response): number | undefined {
  const seconds = Number(res.headers.get('retry-after'));
  if (res.status !== 503 || !res.headers.has('retry-after') || !Number.isFinite(seconds)) return undefined;
  return Math.min(Math.max(seconds, 0) * 1000, BUSY_WAIT_MAX_MS);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** The one way the app calls the API: JSON in and out, bearer token, typed errors. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = opts;
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json, text/plain, */*' };
  // A file goes as it is, with its own type (PUT /api/profile/image); anything else as JSON.
  const raw = typeof Blob !== 'undefined' && body instanceof Blob;
  if (body !== undefined) headers['content-type'] = raw ? body.type : 'application/json';
  const token = auth ? (opts.token ?? getToken()) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  // A read of one's own that the boot script asked for already (boot/early-reads.ts): its answer,
  // once; a network failure on its way asks again.
  const early =
    method === 'GET' && token && !opts.headers
      ? takeEarlyAnswer(path, token)?.catch(() => undefined)
      : undefined;
  const send = () =>
    fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      signal,
    });
  let res: Response;
  try {
    res = (await early) ?? (await send());
    const wait = busyWaitMs(res);
    if (wait !== undefined) {
      await sleep(wait, signal);
      res = await send();
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NetworkError', 'The server cannot be reached');
  }
  noteAnswer(res);
  if (!res.ok) {
    const error = await readError(res);
    if (res.status === 401 && token && token === getToken()) {
      useSession.getState().clear('expired');
      for (const listener of expiredListeners) listener();
    }
    throw error;
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The catalog key that tells the user why a call failed. */
export function failureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'errors.network';
    if (error.status === 429) return 'errors.tooMany';
    if (error.status === 503) return 'errors.busy';
  }
  return 'errors.generic';
}
