import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { UpdatePrompt } from '../components/update-prompt';
import { translateIn } from '../i18n';
import { onSessionExpired } from '../lib/api-client';
import { stripLocale } from '../lib/locale';
import { queryClient } from '../lib/query-client';
import { followOtherTabs } from '../lib/session-store';
import { useSettings } from '../lib/settings-store';
import { buildTheme } from '../lib/theme';
import { loadToastContainer, notify, TOAST_OPTIONS, useToastsWanted } from '../lib/toast';
import { followProfile } from './profile-sync';
import { router } from './router';

const ToastContainer = lazy(loadToastContainer);

/*
 * A refused session empties the cache and says so. Registered when this module loads, not in an
 * effect: the router's first loader asks for the user before the first render has finished (a bad
 * token's 401 could otherwise come back before anyone listens, and the toast would be lost). The
 * text is in the page's language even when its catalog is still on the way.
 */
onSessionExpired(() => {
  queryClient.clear();
  void translateIn(stripLocale(window.location.pathname).locale, 'auth.signin.expired').then(notify.info);
});

/** Query cache, theme from the settings, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
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

  // A logout in another tab ends this one too: its cached patient data goes with it.
  useEffect(() => followOtherTabs(() => queryClient.clear()), []);
  // Dark mode and language changed on the profile elsewhere reach this device on load and on focus.
  useEffect(() => followProfile(queryClient, (to) => void router.navigate(to, { replace: true })), []);

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
        <UpdatePrompt />
        {toasts ? (
          <Suspense fallback={null}>
            <ToastContainer {...TOAST_OPTIONS} theme={mode === 'dark' ? 'dark' : 'light'} />
          </Suspense>
        ) : null}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
