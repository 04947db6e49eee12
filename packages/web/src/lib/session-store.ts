import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_KEY } from './storage';

/** The signed-in session: the bearer token. The user and profile live in the query cache. */
/** Why there is no session: the user logged out, or the server refused the token. */
export type SessionEnd = 'logout' | 'expired';

interface SessionState {
  token: string | null;
  /** The profile the admin acts as (impersonation), filled by the patients feature. */
  impersonating: string | null;
  /** How the last session ended (kept in memory only). */
  endedBy: SessionEnd | null;
  signIn: (token: string) => void;
  clear: (reason: SessionEnd) => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      impersonating: null,
      endedBy: null,
      signIn: (token) => set({ token, impersonating: null, endedBy: null }),
      clear: (reason) => set({ token: null, impersonating: null, endedBy: reason }),
    }),
    {
      name: SESSION_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, impersonating: s.impersonating }),
    },
  ),
);

export const getToken = () => useSession.getState().token;
