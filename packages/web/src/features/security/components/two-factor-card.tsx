import type { TwoFactorSetup, TwoFactorStatus } from '@dosedot/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '../../../components/content-card';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/current-user';
import { notify } from '../../../lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartSetup } from '../api/start-setup';
import { EnrolPanel } from './enrol-panel';
import { FailureText } from './failure-text';
import { ReauthDialog } from './reauth-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/** Two-step sign-in: its state, setting it up, turning it off and new recovery codes. */
export function TwoFactorCard({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const start = useStartSetup();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'setup' | 'disable' | 'regenerate' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Turning it on needs a confirmed address: the notices and their "this was not me" link go there.
  const unconfirmed = useUser().data?.confirmed === false;

  const begin = async (password: string) => {
    setFailure(null);
    try {
      setSetup(await start.mutateAsync(password));
      setAsking(null);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403)) throw error;
      setAsking(null);
      setFailure('security.errors.emailUnconfirmed');
    }
  };

  const state = status.enabled ? (
    <Chip icon={<CheckCircle />} color="success" label={t('security.twoFactor.on')} size="small" />
  ) : (
    <Chip label={t('security.twoFactor.off')} size="small" variant="outlined" />
  );

  return (
    <ContentCard title={t('security.twoFactor.title')} actions={state}>
      <FailureText messageKey={failure} />
      {status.enabled ? (
        <>
          <Typography>{t('security.twoFactor.onText')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('security.twoFactor.onOffNote')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('security.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 2.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setAsking('regenerate')}>
              {t('security.twoFactor.newCodes')}
            </Button>
            <Button color="error" onClick={() => setAsking('disable')}>
              {t('security.twoFactor.turnOff')}
            </Button>
          </Box>
        </>
      ) : setup ? (
        <EnrolPanel
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(fresh) => {
            setSetup(null);
            setCodes(fresh);
            notify.success(t('security.toast.enabled'));
          }}
        />
      ) : (
        <>
          <Typography>{t('security.twoFactor.offText')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('security.twoFactor.onOffNote')}
          </Typography>
          {status.pending ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('security.twoFactor.pending')}
            </Typography>
          ) : null}
          {unconfirmed ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('security.errors.emailUnconfirmed')}
            </Typography>
          ) : null}
          <Button
            variant="contained"
            sx={{ mt: 2.5 }}
            onClick={() => setAsking('setup')}
            disabled={start.isPending || unconfirmed}
          >
            {t('security.twoFactor.setUp')}
          </Button>
        </>
      )}

      <ReauthDialog
        open={asking === 'setup'}
        passwordOnly
        title={t('security.reauth.setupTitle')}
        text={t('security.reauth.setupText')}
        confirmLabel={t('security.reauth.confirmSetup')}
        onClose={() => setAsking(null)}
        onSubmit={(proof) => begin('password' in proof ? proof.password : '')}
      />
      <ReauthDialog
        open={asking === 'disable'}
        title={t('security.reauth.disableTitle')}
        text={t('security.reauth.disableText')}
        confirmLabel={t('security.reauth.confirmDisable')}
        onClose={() => setAsking(null)}
        onSubmit={async (proof) => {
          await disable.mutateAsync(proof);
          setAsking(null);
          notify.success(t('security.toast.disabled'));
        }}
      />
      <ReauthDialog
        open={asking === 'regenerate'}
        title={t('security.reauth.regenerateTitle')}
        text={t('security.reauth.regenerateText')}
        confirmLabel={t('security.reauth.confirmRegenerate')}
        onClose={() => setAsking(null)}
        onSubmit={async (proof) => {
          const fresh = await regenerate.mutateAsync(proof);
          setAsking(null);
          setCodes(fresh);
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </ContentCard>
  );
}
