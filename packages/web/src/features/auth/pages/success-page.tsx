import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { useSession } from '../../../lib/session-store';
import { AuthHeading } from '../components/auth-heading';
import { ProviderCompletion, providerResultOf } from '../components/provider-completion';

/** The page after a completed auth step (a new password); it leads on to the dashboard. */
export function SuccessPage() {
  const { t } = useTranslation();
  const href = useLocalizedPath();
  const [params] = useSearchParams();
  const signedIn = useSession((s) => !!s.token);
  // A provider sign-in ends here with a single-use code, or a two-factor challenge, in the fragment.
  const provider = providerResultOf(useLocation().hash);
  if (provider) return <ProviderCompletion result={provider} redirect={params.get('redirect')} />;
  const text =
    params.get('reason') === 'reset' ? t('auth.success.passwordChanged') : t('auth.success.generic');
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircle color="success" sx={{ fontSize: 64, mb: 2 }} aria-hidden="true" />
      <AuthHeading title={t('auth.success.title')} heading={t('auth.success.heading')} />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 4 }}>
        {text}
      </Typography>
      <Button
        variant="contained"
        size="large"
        component={RouterLink}
        to={href(signedIn ? HOME_AFTER_LOGIN : paths.signIn)}
      >
        {signedIn ? t('auth.success.continue') : t('auth.signin.submit')}
      </Button>
    </Box>
  );
}
