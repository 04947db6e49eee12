import type { ImpersonationSession } from '@dosedot/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_KEY } from './storage';

/** The signed-in session: the bearer token. The user and profile live in the query cache. */
/** Why there is no session: the user logged out, or the server refused the token. */
export type SessionEnd = 'logout' | 'expired';

interface SessionState {
  token: string | null;
  /** The patient the admin acts for (impersonation, lib/impersonation.ts), null when none. */
  impersonating: ImpersonationSession | null;
  /** The patient a caregiver reads for (read-only, lib/impersonation.ts), null when none. */
  caring: CaredFor | null;
  /** How the last session ended (kept in memory only). */
  endedBy: SessionEnd | null;
  signIn: (token: string) => void;
  clear: (reason: SessionEnd) => void;
  setImpersonating: (session: ImpersonationSession | null) => void;
  setCaring: (patient: CaredFor | null) => void;
}

/** A patient the signed-in user cares for (issue 26 item 5): their user id and name. */
export interface CaredFor {
  userid: number;
  name: string;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      impersonating: null,
      caring: null,
      endedBy: null,
      signIn: (token) => set({ token, impersonating: null, caring: null, endedBy: null }),
      clear: (reason) => set({ token: null, impersonating: null, caring: null, endedBy: reason }),
      setImpersonating: (impersonating) => set({ impersonating }),
      setCaring: (caring) => set({ caring }),
    }),
    {
      name: SESSION_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, impersonating: s.impersonating, caring: s.caring }),
    },
  ),
);

export const getToken = () => useSession.getState().token;

/**
 * Follows a login or logout in another tab of this browser: a removed session ends this tab's
 * session too (it calls `onEnded`), a new one is read in.
 */
export function followOtherTabs(onEnded: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const stored = event.key === null ? null : event.newValue;
    const token = stored ? (JSON.parse(stored) as { state?: { token?: string | null } }).state?.token : null;
    if (!token) {
      if (useSession.getState().token) {
        useSession.getState().clear('logout');
        onEnded();
      }
    } else if (token !== useSession.getState().token) {
      void useSession.persist.rehydrate();
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
