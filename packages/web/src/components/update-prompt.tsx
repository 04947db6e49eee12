import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { reloadToUpdate, useUpdateWaiting } from '../lib/pwa';

/** 'A new version of DoseDot is ready — Reload', at the foot of every page while one waits. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  if (!useUpdateWaiting()) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 1400, maxWidth: 480, mx: 'auto' }}
      action={
        <Button color="inherit" size="small" onClick={reloadToUpdate}>
          {t('app.update.reload')}
        </Button>
      }
    >
      {t('app.update.ready')}
    </Alert>
  );
}
