import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_KEY } from './storage';

/** The signed-in session: the bearer token. The user and profile live in the query cache. */
interface SessionState {
  token: string | null;
  /** The profile the admin acts as (impersonation), filled by the patients feature. */
  impersonating: string | null;
  signIn: (token: string) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      impersonating: null,
      signIn: (token) => set({ token, impersonating: null }),
      clear: () => set({ token: null, impersonating: null }),
    }),
    { name: SESSION_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

export const getToken = () => useSession.getState().token;
