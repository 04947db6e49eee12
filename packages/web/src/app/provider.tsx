import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { onSessionExpired } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { followOtherTabs } from '../lib/session-store';
import { useSettings } from '../lib/settings-store';
import { buildTheme } from '../lib/theme';
import { loadToastContainer, notify, TOAST_OPTIONS, useToastsWanted } from '../lib/toast';
import { followProfile } from './profile-sync';
import { router } from './router';

const ToastContainer = lazy(loadToastContainer);

/** Query cache, theme from the settings, toasts; a refused session empties the cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useSettings((s) => s.mode);
  const primary = useSettings((s) => s.primary);
  const theme = useMemo(() => buildTheme(mode, primary), [mode, primary]);
  const toasts = useToastsWanted();
  // The phone's browser bar takes the colour of the toolbar.
  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.background.paper);
  }, [theme]);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        notify.info(t('auth.signin.expired'));
      }),
    [t],
  );
  // A logout in another tab ends this one too: its cached patient data goes with it.
  useEffect(() => followOtherTabs(() => queryClient.clear()), []);
  // Dark mode and language changed on the profile elsewhere reach this device on load and on focus.
  useEffect(() => followProfile(queryClient, (to) => void router.navigate(to, { replace: true })), []);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
        {toasts ? (
          <Suspense fallback={null}>
            <ToastContainer {...TOAST_OPTIONS} theme={mode === 'dark' ? 'dark' : 'light'} />
          </Suspense>
        ) : null}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
