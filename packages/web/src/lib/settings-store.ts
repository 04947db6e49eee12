import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SETTINGS_KEY } from './storage';

export type ThemeMode = 'light' | 'dark';

/** Spec section 9: default theme light, default primary colour #0096c7. */
export const DEFAULT_MODE: ThemeMode = 'light';
export const DEFAULT_PRIMARY = '#0096c7';
export const PRIMARY_SWATCHES = ['#0096c7', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#37474f'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: string) => HEX.test(value.trim());

interface SettingsState {
  mode: ThemeMode;
  primary: string;
  setMode: (mode: ThemeMode) => void;
  setPrimary: (hex: string) => void;
  reset: () => void;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      mode: DEFAULT_MODE,
      primary: DEFAULT_PRIMARY,
      setMode: (mode) => set({ mode }),
      setPrimary: (hex) => {
        if (isHexColor(hex)) set({ primary: hex.trim().toLowerCase() });
      },
      reset: () => set({ mode: DEFAULT_MODE, primary: DEFAULT_PRIMARY }),
    }),
    {
      name: SETTINGS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ mode: s.mode, primary: s.primary }),
      // Whatever is stored is checked: a broken value falls back to the default, never breaks the theme.
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<Record<'mode' | 'primary', unknown>>;
        return {
          ...current,
          mode: s.mode === 'dark' || s.mode === 'light' ? s.mode : DEFAULT_MODE,
          primary: typeof s.primary === 'string' && isHexColor(s.primary) ? s.primary : DEFAULT_PRIMARY,
        };
      },
    },
  ),
);
