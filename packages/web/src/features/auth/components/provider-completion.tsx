import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../hooks/use-locale';
import { ApiError } from '../../../lib/api-client';
import { localize } from '../../../lib/locale';
import { safeRedirect } from '../../../lib/redirect';
import { startSession } from '../../../lib/session';
import { exchangeProviderCode } from '../api/exchange-provider-code';

/** The single-use code a provider sign-in put in the URL fragment (#oidc=…), if any. */
export const providerCodeOf = (hash: string) => (hash.startsWith('#oidc=') ? hash.slice(6) : null);

/**
 * The end of a provider sign-in on the success page: trades the fragment's code for the token,
 * stores it like a password login and goes on to the dashboard (or the page asked for before); a
 * code that has expired or was used goes back to sign-in with the reason.
 */
export function ProviderCompletion({ code, redirect }: { code: string; redirect: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The code leaves the address bar and the history at once; it works only once anyway.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    void (async () => {
      try {
        const { jwt } = await exchangeProviderCode(code);
        const profile = await startSession(queryClient, jwt);
        await navigate(localize(safeRedirect(redirect), profile.language), { replace: true });
      } catch (error) {
        const reason = error instanceof ApiError && error.status === 400 ? 'code' : 'failed';
        await navigate(`${localize(paths.signIn, locale)}?error=${reason}`, { replace: true });
      }
    })();
  }, [code, redirect, locale, navigate, queryClient]);

  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
      <CircularProgress aria-hidden="true" />
      <Typography sx={{ mt: 2 }}>{t('auth.providers.completing')}</Typography>
    </Box>
  );
}
