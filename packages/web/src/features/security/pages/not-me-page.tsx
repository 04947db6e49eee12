import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocalizedPath } from '../../../hooks/use-locale';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ApiError, failureKey } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useReportNotMe } from '../api/not-me';

/**
 * The page of the notice's "this was not me" link (/auth/not-me?token=…). Nothing happens until the
 * owner presses the button (a mail program that opens links to check them must not trigger it); then
 * the server removes two-step sign-in and ends every session, and the password-reset page opens with
 * the code it answered.
 */
export function NotMePage() {
  const { t } = useTranslation();
  usePageTitle(t('security.notMe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const report = useReportNotMe();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const queryClient = useQueryClient();

  const secure = () =>
    report.mutate(token, {
      onSuccess: (resetCode) => {
        // Every session ended, this browser's too.
        queryClient.clear();
        if (useSession.getState().token) useSession.getState().clear('expired');
        void navigate(`${href(paths.resetPassword)}?code=${encodeURIComponent(resetCode)}`, {
          replace: true,
        });
      },
    });

  const refused = report.error instanceof ApiError && report.error.status === 400;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('security.notMe.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('security.notMe.intro')}
      </Typography>
      <Stack spacing={2.5}>
        {!token || refused ? (
          <Alert severity="warning">{t('security.notMe.invalid')}</Alert>
        ) : (
          <>
            {report.error ? (
              <Alert severity="error" role="alert">
                {t(failureKey(report.error))}
              </Alert>
            ) : null}
            <Button variant="contained" size="large" onClick={secure} disabled={report.isPending}>
              {t('security.notMe.submit')}
            </Button>
          </>
        )}
        <Button component={RouterLink} to={href(paths.signIn)}>
          {t('security.notMe.back')}
        </Button>
      </Stack>
    </>
  );
}
