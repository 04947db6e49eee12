import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AppLink, STANDALONE_LINK } from '../../../components/app-link';
import { withEmailAddress } from '../../../components/email-address';
import { Loading } from '../../../components/loading';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { ApiError, failureKey } from '../../../lib/api-client';
import { currentUserKeys, useUser } from '../../../lib/current-user';
import { fieldErrorKey } from '../../../lib/field-errors';
import { useSession } from '../../../lib/session-store';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthHeading } from '../components/auth-heading';
import { FormFooter } from '../components/form-parts';
import { ResendConfirmation } from '../components/resend-confirmation';

/**
 * The page of the e-mailed confirmation link (/auth/email-confirmation?confirmation=…): confirms the
 * address and says so, or says why the link cannot be used and offers a new one.
 */
export function EmailConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('confirmation') ?? '';
  const confirmation = useConfirmEmail(token);
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => !!s.token);
  const user = useUser();
  const href = useLocalizedPath();

  // A signed-in user's banner and menus follow at once (My Health Data may open now).
  useEffect(() => {
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
  }, [confirmation.isSuccess, queryClient]);

  if (token && confirmation.isPending)
    return (
      <>
        <AuthHeading title={t('auth.confirm.title')} heading={t('auth.confirm.confirming')} />
        <Loading />
      </>
    );

  if (confirmation.isSuccess)
    return (
      <Box sx={{ textAlign: 'center' }}>
        <CheckCircle color="success" sx={{ fontSize: 64, mb: 2 }} aria-hidden="true" />
        <AuthHeading title={t('auth.confirm.title')} heading={t('auth.confirm.successHeading')} />
        <Typography color="text.secondary" sx={{ mt: -1, mb: 4 }}>
          {withEmailAddress(
            t('auth.confirm.successText', { email: confirmation.data.email }),
            confirmation.data.email,
          )}
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

  // The link cannot be used (or is missing): say why, and offer a new one.
  const error = confirmation.error;
  const refused = error instanceof ApiError && error.status === 400 ? error.fieldErrors[0] : undefined;
  if (token && !refused)
    return (
      <>
        <AuthHeading title={t('auth.confirm.title')} heading={t('auth.confirm.title')} />
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {t(failureKey(error))}
          </Alert>
          <Button variant="outlined" onClick={() => void confirmation.refetch()}>
            {t('errors.retry')}
          </Button>
        </Stack>
      </>
    );
  const reason = !refused
    ? 'auth.confirm.missing'
    : fieldErrorKey(refused) === 'auth.confirm.used'
      ? 'auth.confirm.used'
      : 'auth.confirm.invalid';
  return (
    <>
      <AuthHeading title={t('auth.confirm.title')} heading={t('auth.confirm.invalidHeading')} />
      <Stack spacing={3}>
        <Alert severity={reason === 'auth.confirm.used' ? 'info' : 'warning'}>{t(reason)}</Alert>
        <ResendConfirmation key={user.data?.email ?? ''} email={user.data?.email} />
      </Stack>
      <FormFooter>
        <AppLink to={signedIn ? HOME_AFTER_LOGIN : paths.signIn} sx={STANDALONE_LINK}>
          {signedIn ? t('auth.success.continue') : t('auth.forgot.backToSignin')}
        </AppLink>
      </FormFooter>
    </>
  );
}
