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

/** What a provider sign-in left in the URL fragment: a single-use code, or a two-factor challenge. */
export type ProviderResult = { code: string } | { mfaToken: string };

export function providerResultOf(hash: string): ProviderResult | null {
  if (hash.startsWith('#oidc=') && hash.length > 6) return { code: hash.slice(6) };
  if (hash.startsWith('#mfa=') && hash.length > 5) return { mfaToken: hash.slice(5) };
  return null;
}

/**
 * The end of a provider sign-in on the success page: trades the fragment's code for the token,
 * stores it like a password login and goes on to the dashboard (or the page asked for before); a
 * two-factor challenge goes to the sign-in page's second step; a code that has expired or was used
 * goes back to sign-in with the reason.
 */
export function ProviderCompletion({
  result,
  redirect,
}: {
  result: ProviderResult;
  redirect: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The fragment leaves the address bar and the history at once; it works only once anyway.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const signIn = localize(paths.signIn, locale);
    if ('mfaToken' in result) {
      const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
      void navigate(`${signIn}${query}`, { replace: true, state: { mfaToken: result.mfaToken } });
      return;
    }
    void (async () => {
      try {
        const { jwt } = await exchangeProviderCode(result.code);
        const profile = await startSession(queryClient, jwt);
        await navigate(localize(safeRedirect(redirect), profile.language), { replace: true });
      } catch (error) {
        const reason = error instanceof ApiError && error.status === 400 ? 'code' : 'failed';
        await navigate(`${signIn}?error=${reason}`, { replace: true });
      }
    })();
  }, [result, redirect, locale, navigate, queryClient]);

  return (
    <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
      <CircularProgress aria-hidden="true" />
      <Typography sx={{ mt: 2 }}>{t('auth.providers.completing')}</Typography>
    </Box>
  );
}
