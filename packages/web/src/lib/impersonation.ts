import type { ImpersonationSession, Profile } from '@dosedot/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { currentUserKeys, useProfile } from './current-user';
import { getToken, useSession } from './session-store';

/*
 * Impersonation (spec section 4): an administrator acts for a patient inside a session the server
 * opened with a reason and ends after 30 minutes. While it is open, the pages that show a patient's
 * data (dashboards, My Medicine) call the same routes as the patient would, through
 * `patientRequest(patient, …)`: it names the patient in the X-Imp-User-Id header, and the server's
 * door lets it through only inside the open session (docs/security.md). Their api files put
 * `patientKey()` into their query keys, so the administrator's and each patient's data never share a
 * cache entry. Starting it belongs to the patients feature; the banner in the default layout shows
 * it and stops it; logout forgets it.
 *
 * A caregiver (issue 26 item 5) reads a patient they care for the same way: the same pages, the same
 * header, the same door on the server, which lets them read only. Choosing the patient on
 * /caregiving sets `caring`; the caregiving banner shows whose data it is and goes back.
 */

/** The header that names the patient an administrator acts for (the server's door reads it). */
const IMP_HEADER = 'x-imp-user-id';

/**
 * Whose data a page shows: the impersonated patient, a patient one cares for (`caring`: read-only),
 * or null for the signed-in user themself.
 */
export type Patient = { userid: number; caring?: true } | null;

/** The open impersonation (reactive), or null. */
export const useImpersonation = () => useSession((s) => s.impersonating);

/** The patient the pages read for right now (reactive): the impersonated one, the cared-for one, else null (oneself). */
export function usePatient(): Patient {
  const session = useImpersonation();
  const caring = useSession((s) => s.caring);
  if (session) return { userid: session.userid };
  return caring ? { userid: caring.userid, caring: true } : null;
}

/** The part of a query key that names whose data it holds. */
export const patientKey = (patient: Patient) =>
  patient ? `${patient.caring ? 'care' : 'imp'}-${patient.userid}` : 'self';

/**
 * A query's `placeholderData` while another range loads: the same patient's previous data stands
 * in, another patient's never does (keys hold `patientKey` second, as the keys factories build them).
 */
export const samePatientPlaceholder =
  (patient: Patient) =>
  <T>(previous: T | undefined, query?: { queryKey: readonly unknown[] }): T | undefined =>
    query?.queryKey[1] === patientKey(patient) ? keepPreviousData(previous) : undefined;

/** Listeners told when the server has ended the impersonation (expired, or stopped elsewhere). */
const endedListeners = new Set<() => void>();
export function onImpersonationEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/** Listeners told when the server refuses a cared-for patient's data (the patient removed the caregiver). */
const caringListeners = new Set<(name: string) => void>();
export function onCaringEnded(listener: (name: string) => void): () => void {
  caringListeners.add(listener);
  return () => caringListeners.delete(listener);
}

/** Forgets the cared-for patient here (the caregiving banner goes, the pages show one's own data). */
export function stopCaring(refused = false): void {
  const caring = useSession.getState().caring;
  if (!caring) return;
  useSession.getState().setCaring(null);
  if (refused) for (const listener of caringListeners) listener(caring.name);
}

/** Forgets the impersonation here and tells the listeners (the banner says it ended). */
export function impersonationEnded(): void {
  if (!useSession.getState().impersonating) return;
  useSession.getState().setImpersonating(null);
  for (const listener of endedListeners) listener();
}

/**
 * The one way to call the API for whoever the page shows: oneself (`patient` null), or the
 * impersonated patient, named in the X-Imp-User-Id header. A 403 for the patient means the
 * administrator has no open session for them any more (its 30 minutes passed, or it was stopped in
 * another tab), so it is forgotten.
 */
export async function patientRequest<T>(
  patient: Patient,
  path: string,
  opts: Parameters<typeof apiRequest>[1] = {},
): Promise<T> {
  if (!patient) return apiRequest<T>(path, opts);
  try {
    return await apiRequest<T>(path, {
      ...opts,
      headers: { ...opts.headers, [IMP_HEADER]: String(patient.userid) },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) {
      if (patient.caring) stopCaring(true);
      else impersonationEnded();
    }
    throw err;
  }
}

/** POST /api/impersonation: opens a session for the patient, naming the reason; it becomes the current one. */
export async function startImpersonation(profileuid: string, reason: string): Promise<ImpersonationSession> {
  const token = getToken();
  const { data } = await apiRequest<{ data: ImpersonationSession }>('/api/impersonation', {
    method: 'POST',
    body: { data: { profileuid, reason } },
  });
  // An answer that arrives after a logout must not start impersonating in the next session.
  if (token && token === getToken()) useSession.getState().setImpersonating(data);
  return data;
}

/** DELETE /api/impersonation/{id}: ends the session on the server, then here (here even if the call fails). */
export async function stopImpersonation(): Promise<void> {
  const session = useSession.getState().impersonating;
  if (!session) return;
  try {
    await apiRequest(`/api/impersonation/${session.id}`, { method: 'DELETE' });
  } catch (err) {
    // 404: it had ended already; anything else still ends it here, and the server's 30 minutes end it there.
    if (!(err instanceof ApiError)) throw err;
  } finally {
    if (useSession.getState().impersonating?.id === session.id) useSession.getState().setImpersonating(null);
  }
}

/**
 * At logout: the session is ended on the server too (with the token of the session that ends,
 * never waited for; should the call fail, the server's 30 minutes end it).
 */
export function endImpersonationAtLogout(): Promise<unknown> {
  const { impersonating, token } = useSession.getState();
  if (!impersonating || !token) return Promise.resolve();
  return apiRequest(`/api/impersonation/${impersonating.id}`, { method: 'DELETE', token }).catch(
    () => undefined,
  );
}

/** GET /api/impersonation/current: the session the server holds open for this administrator, or null. */
export const getCurrentImpersonation = async () =>
  (await apiRequest<{ data: ImpersonationSession | null }>('/api/impersonation/current')).data;

/** GET /api/profile/userdata for the impersonated patient: their profile. */
export const getPatientProfile = (patient: NonNullable<Patient>) =>
  patientRequest<Profile>(patient, '/api/profile/userdata');

/** Under the profile's key, so what refreshes the profile after a medicine change refreshes this too. */
export const patientProfileQueryOptions = (patient: NonNullable<Patient>) =>
  queryOptions({
    queryKey: [...currentUserKeys.profile(), patientKey(patient)] as const,
    queryFn: () => getPatientProfile(patient),
  });

/**
 * The profile whose data the pages show: the impersonated patient's while impersonating, else the
 * signed-in user's own (its time zone dates the dashboards; its medicines fill My Medicine).
 */
export function usePatientProfile() {
  const patient = usePatient();
  const own = useProfile();
  const token = useSession((s) => s.token);
  const imp = useQuery({
    ...patientProfileQueryOptions(patient ?? { userid: 0 }),
    enabled: !!token && !!patient,
  });
  return patient ? imp : own;
}
