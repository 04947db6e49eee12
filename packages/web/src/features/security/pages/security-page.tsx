import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useTwoFactor } from '../api/get-two-factor';
import { ChangePasswordCard } from '../components/change-password-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** /profile/security: two-step sign-in (TOTP, decision 0008) and the password of the signed-in user. */
export function SecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  return (
    <>
      <PageHeader title={t('security.title')} description={t('security.intro')} />
      <QueryState query={status} loading={<LoadingSkeleton rows={3} />}>
        {(data) => (
          <Stack spacing={3}>
            {data.required && !data.enabled ? (
              <Alert severity="warning" role="alert">
                {t('security.required')}
              </Alert>
            ) : null}
            <TwoFactorCard status={data} />
            <ChangePasswordCard />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
