import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useOfflineCopy } from '../lib/offline-copy';

/** 'Offline: this is the copy from …' while the page shows the daily plan's kept copy. */
export function OfflineNotice() {
  const { t, i18n } = useTranslation();
  const savedAt = useOfflineCopy();
  if (!savedAt) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(savedAt),
  );
  return (
    <Alert severity="warning" icon={<CloudOffOutlined />} role="status" sx={{ mb: 2 }}>
      {t('app.offlineCopy', { when })}
    </Alert>
  );
}
