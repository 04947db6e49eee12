import { OIDC_ERROR_CODES } from '@dosedot/domain/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../../hooks/use-locale';
import { useProviders } from '../api/get-providers';
import { FailureAlert } from './form-parts';

/** Why a provider sign-in came back to the sign-in page (?error=<code> from the server's callback). */
const FAILURES: ReadonlySet<string> = new Set(OIDC_ERROR_CODES);

/** The message of a provider sign-in that failed, or nothing. */
export function ProviderFailure() {
  const [params] = useSearchParams();
  const error = params.get('error');
  if (!error) return null;
  return <FailureAlert messageKey={`auth.providers.errors.${FAILURES.has(error) ? error : 'failed'}`} />;
}

/**
 * One "Sign in with …" button per OpenID Connect provider the server has; nothing when it has none.
 * A button is a plain link: the server sends the browser on to the provider.
 */
export function ProviderButtons() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const providers = useProviders();
  if (!providers.data || providers.data.length === 0) return null;
  const query = new URLSearchParams({ lang: locale });
  const redirect = params.get('redirect');
  if (redirect) query.set('redirect', redirect);
  return (
    <Box sx={{ mt: 3 }}>
      <Divider>{t('auth.providers.or')}</Divider>
      <Stack spacing={1} sx={{ mt: 2 }}>
        {providers.data.map((provider) => (
          <Button
            key={provider.id}
            variant="outlined"
            size="large"
            href={`/api/auth/oidc/${encodeURIComponent(provider.id)}/start?${query}`}
            fullWidth
          >
            {t('auth.providers.signInWith', { name: provider.name })}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
